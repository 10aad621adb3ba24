if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
}
