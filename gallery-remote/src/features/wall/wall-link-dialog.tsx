import { useEffect, useState } from 'react';
import { createWallLink, revokeWallLink } from '@momentos/api-client';
import { Button, Dialog, notify, useCopyToClipboard } from '@momentos/design-kit';
import { texts } from '../../texts';

/**
 * 'Link para TV': makes a wall link (the old one stops working), shows it to copy, and revokes it.
 * Issue 26: the link carries the wall's options ('Recados no telão', 'Só favoritas') as its query.
 */
export function WallLinkDialog({ open, eventId, query = '', onClose }: { open: boolean; eventId: string; query?: string; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const copy = useCopyToClipboard();

  useEffect(() => {
    if (!open) return;
    let current = true;
    setUrl(null);
    setWorking(true);
    void createWallLink(eventId).then((result) => {
      if (!current) return;
      setWorking(false);
      if (result.ok) setUrl(`${result.data.url}${query}`);
      else notify.error(texts.wallLinkError);
    });
    return () => {
      current = false;
    };
  }, [open, eventId, query]);

  const revoke = async () => {
    setWorking(true);
    const result = await revokeWallLink(eventId);
    setWorking(false);
    if (result.ok) {
      notify.success(texts.wallLinkRevoked);
      onClose();
    } else notify.error(texts.wallLinkError);
  };

  return (
    <Dialog open={open} title={texts.wallLinkTitle} closeLabel={texts.close} onClose={onClose}>
      <p>{texts.wallLinkNote}</p>
      {url ? <input className="mk-input wall-link__url" readOnly value={url} aria-label={texts.wallLinkLabel} onFocus={(focus) => focus.currentTarget.select()} /> : null}
      <div className="mk-dialog__actions">
        <Button variant="danger" onClick={() => void revoke()} disabled={working || !url}>
          {texts.wallLinkRevoke}
        </Button>
        <Button onClick={() => url && void copy.copy(url)} disabled={!url} busy={working && !url} busyLabel={texts.loading}>
          {copy.copied ? texts.wallLinkCopied : texts.wallLinkCopy}
        </Button>
      </div>
    </Dialog>
  );
}
