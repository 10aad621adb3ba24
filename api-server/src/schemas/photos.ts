/** Spec §3 photo item (plus created_at), as the listing, the upload and the realtime message carry it. */
export const photoItem = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    original_photo: { type: 'string' },
    compressed_photo: { type: ['string', 'null'] },
    user_id: { type: 'string' },
    processing: { type: 'boolean' },
    error: { anyOf: [{ type: 'boolean' }, { type: 'string' }] },
    file_type: { type: 'string', enum: ['image', 'video'] },
    created_at: { type: 'string' },
  },
  required: ['id', 'original_photo', 'compressed_photo', 'user_id', 'processing', 'error', 'file_type', 'created_at'],
} as const;

/** Update item: §3's id, compressed_photo, error, plus processing (DESIGN §6). */
export const photoUpdateItem = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    compressed_photo: { type: ['string', 'null'] },
    error: { anyOf: [{ type: 'boolean' }, { type: 'string' }] },
    processing: { type: 'boolean' },
  },
  required: ['id', 'compressed_photo', 'error', 'processing'],
} as const;

export const uploadResponse = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    photos: { type: 'array', items: photoItem },
  },
  required: ['status', 'message', 'photos'],
} as const;
