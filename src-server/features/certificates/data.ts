/** The certificates' data: the event, its prize rules and signer, and the ranked teams with their prizes and members. */
import type { Kysely } from 'kysely';
import { certificatesText } from '../../../src/messages/certificates';
import { awardPrizes } from '../../../src/prizes';
import { eventLocked } from '../../../src/resultsLock';
import { defaultCertificateSettings, type TCertificateSettings, type TCertificates } from '../../../src/schemas/certificates';
import { ZTeamMemberSchema } from '../../../src/schemas/team';
import { z } from '../../../src/schemas/zod';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { conflict } from '../../errors';
import type { EventRecorder } from '../live/record';
import { buildResults } from '../results/data';
import { readLocks } from '../results/locks';
import { readSettings, writeSettings } from '../settings/data';

const ZTeamMembersSchema = z.array(ZTeamMemberSchema);

/** The event's prize rules and signer, the defaults until the organiser sets them. */
export async function readCertificateSettings(db: Kysely<Database>): Promise<TCertificateSettings> {
  return (await readSettings(db)).certificates ?? defaultCertificateSettings();
}

export async function writeCertificateSettings(recorder: EventRecorder, next: TCertificateSettings): Promise<TCertificateSettings> {
  const saved = await writeSettings(recorder, (current) => ({ ...current, certificates: next }));
  return saved.certificates ?? next;
}

/**
 * Every ranked team with its prize and its members' names, in the ranking's order (the results' own
 * ranking and official totals). Refused (409) until the whole event's results are locked.
 */
export async function buildCertificates(db: Kysely<Database>): Promise<TCertificates> {
  if (!eventLocked(await readLocks(db))) throw conflict(certificatesText.notLocked);
  const [settings, results, teams] = await Promise.all([
    readSettings(db),
    buildResults(db),
    db.selectFrom('teams').select(['id', 'members']).execute(),
  ]);
  const certificates = settings.certificates ?? defaultCertificateSettings();
  const membersOf = new Map(
    teams.map((team) => [
      team.id,
      parseStored(ZTeamMembersSchema, team.members, `teams.members of team ${team.id}`)
        .map((member) => member.fullName.trim())
        .filter(Boolean),
    ]),
  );
  const ranking = results.items.map((item) => ({
    teamId: item.teamId,
    rank: item.rank,
    name: item.name,
    unit: item.unit,
    total: item.total,
    members: membersOf.get(item.teamId) ?? [],
  }));
  return {
    event: { name: settings.name, date: settings.date, venue: settings.venue, logoUrl: settings.logoUrl },
    settings: certificates,
    teams: awardPrizes(certificates.rules, ranking),
  };
}
