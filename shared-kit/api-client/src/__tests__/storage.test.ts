import { readStored, writeStored } from '../storage-keys';

describe('readStored / writeStored', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('reads, writes and removes (null) an entry', () => {
    writeStored('invited', 'true');
    expect(readStored('invited')).toBe('true');
    writeStored('invited', null);
    expect(readStored('invited')).toBeNull();
  });

  it('never throws when storage is unavailable (private mode, quota): the value just is not kept', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readStored('shared')).toBeNull();
    expect(() => writeStored('shared', 'ABCD2345')).not.toThrow();
  });
});
