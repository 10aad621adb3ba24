import { create } from 'zustand';
import type { UploadProgress } from '@momentos/api-client';

/** A picked file with its preview URL (released when the item leaves the selection). */
export interface SelectedFile {
  id: string;
  file: File;
  previewUrl: string;
  kind: 'image' | 'video';
}

/** Spec §4 upload states: idle, processing files, uploading with progress, then done or error. */
export type UploadStatus = 'idle' | 'preparing' | 'uploading' | 'done' | 'error';

interface UploadState {
  selection: SelectedFile[];
  status: UploadStatus;
  progress: UploadProgress | null;
  add: (files: File[]) => void;
  remove: (id: string) => void;
  clear: () => void;
  setStatus: (status: UploadStatus) => void;
  setProgress: (progress: UploadProgress | null) => void;
}

let nextId = 0;
const release = (items: SelectedFile[]) => items.forEach((item) => URL.revokeObjectURL(item.previewUrl));

/** The upload screen's selection and progress; one store per page (the guest uploads to one event). */
export const useUploadStore = create<UploadState>()((set, get) => ({
  selection: [],
  status: 'idle',
  progress: null,
  add: (files) =>
    set((state) => ({
      selection: [
        ...state.selection,
        ...files.map((file) => ({
          id: `file-${(nextId += 1)}`,
          file,
          previewUrl: URL.createObjectURL(file),
          kind: file.type.startsWith('video/') ? ('video' as const) : ('image' as const),
        })),
      ],
    })),
  remove: (id) => {
    const item = get().selection.find((candidate) => candidate.id === id);
    if (item) release([item]);
    set((state) => ({ selection: state.selection.filter((candidate) => candidate.id !== id) }));
  },
  clear: () => {
    release(get().selection);
    set({ selection: [], progress: null });
  },
  setStatus: (status) => set({ status }),
  setProgress: (progress) => set({ progress }),
}));
