// Static assets imported by the front-end apps become URLs (rspack `asset` modules).
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
// react-toastify's stylesheet, loaded with its unstyled build (design-kit toasts.tsx); rspack extracts it to a file.
declare module 'react-toastify/ReactToastify.css';
