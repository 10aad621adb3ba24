import { Slide, ToastContainer, toast } from 'react-toastify';

/**
 * The one toast container of the page (the shell renders it). Spec §9: top-right, closes after 5 s,
 * one at a time, newest on top. design-kit is a federation singleton, so every remote's `notify`
 * reaches this container.
 */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      limit={1}
      newestOnTop
      transition={Slide}
      closeOnClick
      pauseOnFocusLoss={false}
    />
  );
}

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
};
