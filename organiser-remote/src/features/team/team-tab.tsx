import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, formatText, notify, Spinner } from '@momentos/design-kit';
import type { TeamInviteCreated, TeamRole } from '@momentos/api-client';
import { CopyField } from '../../layout/copy-field';
import { texts } from '../../texts';
import { useTeam } from './use-team';
import '../../layout/row-list.css';
import './team.css';

const t = texts.team;
const roles: TeamRole[] = ['moderator', 'coorganiser'];
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** Issue 27: the 'Equipe' tab (owner only): the team, the open invites, 'Convidar pessoa'. */
export function TeamTab({ eventId }: { eventId: string }) {
  const { team, failed, invite, revoke, remove } = useTeam(eventId);
  const [inviting, setInviting] = useState(false);

  if (failed) return <p className="team__empty">{t.loadFailed}</p>;
  if (!team) return <Spinner label={t.title} />;

  const removeMember = async (organiserId: string) => {
    const result = await remove(organiserId);
    if (result.ok) notify.success(t.removed);
    else notify.error(result.message);
  };
  const revokeInvite = async (inviteId: string) => {
    const result = await revoke(inviteId);
    if (result.ok) notify.success(t.revoked);
    else notify.error(result.message);
  };

  return (
    <div className="team">
      <h2 className="team__title">{t.title}</h2>
      <ul className="row-list" aria-label={t.members}>
        <li className="row-list__row">
          <span className="row-list__text">
            <span className="row-list__name">{team.owner.name || team.owner.email}</span>
            <span className="team__detail">
              {t.roles.owner} {t.you}
            </span>
          </span>
        </li>
        {team.members.map((member) => (
          <li key={member.organiser_id} className="row-list__row">
            <span className="row-list__text">
              <span className="row-list__name">{member.name || member.email}</span>
              <span className="team__detail">
                {t.roles[member.role]} · {member.email}
              </span>
            </span>
            <Button variant="danger" onClick={() => void removeMember(member.organiser_id)} aria-label={formatText(t.removeLabel, { name: member.name || member.email })}>
              {t.remove}
            </Button>
          </li>
        ))}
      </ul>
      {team.members.length === 0 ? <p className="team__empty">{t.noMembers}</p> : null}

      {team.invites.length > 0 ? (
        <>
          <h3 className="team__subtitle">{t.openInvites}</h3>
          <ul className="row-list" aria-label={t.openInvites}>
            {team.invites.map((item) => (
              <li key={item.id} className="row-list__row">
                <span className="row-list__text">
                  <span className="row-list__name">{t.roles[item.role]}</span>
                  <span className="team__detail">
                    {item.email ? `${item.email} · ` : ''}
                    {formatText(t.expires, { date: formatDay(item.expires_at) })}
                  </span>
                </span>
                <Button variant="secondary" onClick={() => void revokeInvite(item.id)} aria-label={formatText(t.revokeLabel, { role: t.roles[item.role] })}>
                  {t.revoke}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <Button block onClick={() => setInviting(true)}>
        {t.invite}
      </Button>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} onInvite={invite} /> : null}
    </div>
  );
}

function InviteDialog({ onClose, onInvite }: { onClose: () => void; onInvite: ReturnType<typeof useTeam>['invite'] }) {
  const [role, setRole] = useState<TeamRole>('moderator');
  const [email, setEmail] = useState('');
  const [working, setWorking] = useState(false);
  const [created, setCreated] = useState<TeamInviteCreated | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    const result = await onInvite({ role, ...(email.trim() ? { email: email.trim() } : {}) });
    setWorking(false);
    if (result.ok) setCreated(result.data);
    else notify.error(result.message);
  };

  return (
    <Dialog open title={t.inviteTitle} closeLabel={t.close} onClose={onClose}>
      {created ? (
        <div className="team-invite">
          {created.emailed && created.email ? <p>{formatText(t.emailed, { email: created.email })}</p> : null}
          <p>{t.linkReady}</p>
          <CopyField id="team-invite-link" label={t.linkLabel} value={created.url} copyLabel={t.copy} copiedLabel={t.copied} copiedClassName="team-invite__copied" />
        </div>
      ) : (
        <form className="team-invite" onSubmit={submit} noValidate>
          <fieldset className="team-invite__roles">
            <legend>{t.role}</legend>
            {roles.map((value) => (
              <div key={value} className="team-invite__role">
                <input id={`team-role-${value}`} type="radio" name="team-role" value={value} checked={role === value} onChange={() => setRole(value)} aria-describedby={`team-role-${value}-hint`} />
                <span>
                  <label htmlFor={`team-role-${value}`}>
                    <strong>{t.roles[value]}</strong>
                  </label>
                  <span id={`team-role-${value}-hint`} className="team__detail">
                    {t.roleHints[value]}
                  </span>
                </span>
              </div>
            ))}
          </fieldset>
          <Field id="team-invite-email" label={t.email} hint={t.emailHint}>
            {(control) => <input {...control} type="email" autoComplete="off" value={email} onChange={(change) => setEmail(change.target.value)} />}
          </Field>
          <Button type="submit" block busy={working} busyLabel={t.creating}>
            {t.create}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
