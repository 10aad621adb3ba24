import { fireEvent, renderHook } from '@testing-library/react';
import { useFirstIntent } from '../index';

describe('useFirstIntent', () => {
  it('loads nothing until the first touch, key or focus, then loads once', () => {
    const load = jest.fn(() => Promise.resolve());
    renderHook(() => useFirstIntent(load));
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.focusIn(document.body);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('listens only while active, and stops on unmount', () => {
    const load = jest.fn(() => Promise.resolve());
    const { rerender, unmount } = renderHook(({ active }) => useFirstIntent(load, active), { initialProps: { active: false } });
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(load).not.toHaveBeenCalled();
    rerender({ active: true });
    unmount();
    fireEvent.touchStart(document.body);
    expect(load).not.toHaveBeenCalled();
  });
});
