// react-toastify's stylesheet, loaded with its unstyled build (toasts.tsx); rspack extracts it to a file.
declare module 'react-toastify/ReactToastify.css';
