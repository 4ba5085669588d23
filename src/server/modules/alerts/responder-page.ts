/**
 * The emergency contact's responder page (GET /api/responder/:code, POST /api/responder/:code/respond): the code
 * in their text is their credential. What the page shows is what the tracking page would, and less: the person's
 * first name, what raised the alert and when, its state, who answered and what they said, and the newest position
 * only while the person lets contacts follow them and is not yet safe. Never the notes, the meeting, the message,
 * recordings or anyone's number. An answer goes through recordResponse, like every other channel's.
 */
import { RESPONDER_LINK } from '#shared/constants';
import type { ResponderPosition, ResponderView } from '#shared/schemas/responder';
import { RESPONDER_PAGE_TEXTS } from '#shared/responder-page-texts';
import type { AnswerRequest } from '#shared/schemas/alert-life';
import { alertTriggerLabel } from '#shared/texts';
import { THE_PUBLIC, type Caller } from '../../access/policy';
import { AppError } from '../../http/app-error';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';
import type { AlertDeps } from './alert-deps';
import { alertStateOf } from './alert-state';
import { checkAnswerFits, isDrill } from './drill-raise';
import { recordResponse } from './record-response';
import { findContactResponse, findResponderLink, type ResponderLinkRow } from './responder-link-repository';
import { listResponses } from './response-repository';
import type { SeenFrom } from './ports';

const HOUR_MS = 3_600_000;

export type ResponderPage = {
  /** The page, logged for the person (who has looked). */
  view(code: string, from: SeenFrom): Promise<ResponderView>;
  respond(code: string, request: AnswerRequest): Promise<ResponderView>;
};

type Deps = Pick<AlertDeps, 'db' | 'clock' | 'access' | 'events' | 'profiles' | 'positions' | 'views'>;

export function createResponderPage(deps: Deps): ResponderPage {
  const { db, clock, access } = deps;
  // Per link, never per address: contacts often share a carrier's address, and only the link's holder can spend
  // its allowance (docs/decisions/039-the-contacts-responder-page.md).
  const answers = createRateLimiter(db, clock, {
    name: 'responder-answers',
    limit: RESPONDER_LINK.answersPerHour,
    windowMs: HOUR_MS,
  });

  /** The link the code names, once the policy let its holder read the alert; 404 otherwise (all alike). */
  const openLink = async (code: string): Promise<ResponderLinkRow> => {
    const found = await findResponderLink(db, code);
    const holder: Caller = found
      ? {
          responderLink: {
            ownerId: found.user_id,
            alertId: found.alert_id,
            revoked: found.revoked_at !== null,
            closesAt: closesAt(found),
          },
        }
      : THE_PUBLIC;
    const { link } = await access.require(
      holder,
      'read',
      found && { ownerId: found.user_id, alertId: found.alert_id, link: found },
    );
    return link;
  };

  const show = async (link: ResponderLinkRow): Promise<ResponderView> => {
    const [names, preferences, responses] = await Promise.all([
      deps.profiles.findFullNames(db, [link.user_id]),
      deps.profiles.findSosPreferences(db, link.user_id),
      listResponses(db, [link.alert_id]),
    ]);
    const firstName = firstNameOf(names.get(link.user_id));
    const shared = preferences.contactsGetTrackingLink && preferences.sharesLocation;
    const answered = responses.get(link.alert_id) ?? [];
    const own = await findContactResponse(db, link.alert_id, link.recipient_phone);
    return {
      first_name: firstName,
      raised_by: alertTriggerLabel(link.trigger_type, link.message),
      raised_at: link.occurred_at.toISOString(),
      state: alertStateOf(link),
      resolved_at: link.resolved_at?.toISOString() ?? null,
      answers: answered.map((response) => ({
        name: response.responder_name,
        response: response.response,
        responded_at: response.responded_at,
      })),
      you: { name: link.recipient_name, response: own ?? null },
      position_shared: shared,
      position: shared && !link.resolved_at ? await positionOf(link.user_id) : null,
      open_until: closesAt(link).toISOString(),
      test: isDrill(link),
    };
  };

  const positionOf = async (userId: string): Promise<ResponderPosition | null> => {
    const latest = (await deps.positions.latestPositions(db, [userId])).get(userId);
    if (!latest) return null;
    return {
      latitude: latest.latitude,
      longitude: latest.longitude,
      accuracy: latest.accuracy,
      address: latest.address,
      recorded_at: latest.recorded_at,
    };
  };

  return {
    async view(code, from) {
      const link = await openLink(code);
      deps.views.record(
        { ownerId: link.user_id, kind: 'responder_page', via: 'responder_link', responderLinkId: link.id },
        from,
      );
      return show(link);
    },

    async respond(code, request) {
      const link = await openLink(code);
      if (link.resolved_at) {
        const names = await deps.profiles.findFullNames(db, [link.user_id]);
        throw new AppError(
          'conflict',
          RESPONDER_PAGE_TEXTS.safeNoAnswerNeeded(firstNameOf(names.get(link.user_id))),
        );
      }
      checkAnswerFits(isDrill(link), request.response);
      const decision = await answers.consume(link.id);
      if (!decision.allowed) throw tooManyRequests(decision);
      await recordResponse(
        deps,
        link.alert_id,
        { kind: 'contact', phone: link.recipient_phone, name: link.recipient_name },
        request.response,
      );
      // Read again: the answer may have raced "I'm safe", and the page shows what now stands.
      return show(await openLink(code));
    },
  };
}

/** When the page stops opening: at its expiry, or RESPONDER_LINK.afterSafeMinutes after "I'm safe" if sooner. */
function closesAt(link: Pick<ResponderLinkRow, 'expires_at' | 'resolved_at'>): Date {
  if (!link.resolved_at) return link.expires_at;
  const afterSafe = link.resolved_at.getTime() + RESPONDER_LINK.afterSafeMinutes * 60_000;
  return new Date(Math.min(link.expires_at.getTime(), afterSafe));
}

/** The first word of the person's name, as the page greets them; a generic word when they gave none. */
function firstNameOf(fullName: string | undefined): string {
  return fullName?.trim().split(/\s+/)[0] || RESPONDER_PAGE_TEXTS.unnamedPerson;
}
