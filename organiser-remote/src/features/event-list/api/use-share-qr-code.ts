import useSWR from 'swr';
import { apiKeys, dataOf, getShareQrCode, type ApiError } from '@momentos/api-client';

/** The invite's QR image URL for the share dialog; a failure is only logged (spec §8). */
export function useShareQrCode(code: string): string | null {
  const { data } = useSWR(apiKeys.shareQrCode(code), () => dataOf(getShareQrCode(code)), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    onError: (error: ApiError) => console.error('Could not load the QR code', error.status, error.message),
  });
  return data?.qrcode || null;
}
