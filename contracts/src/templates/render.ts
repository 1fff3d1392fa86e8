import { GOOGLE_LIMITS } from '../google-limits';
import type { LocalPostContent } from '../location-content/events';
import type { TemplatePost } from './post';
import { htmlToPlainText } from './plain-text';

export { htmlToPlainText };
import { ALL_TEMPLATE_VARIABLES, BULK_EDIT_VARIABLES, variableValues, type TemplateVariable, type VariableSource } from './variables';

/**
 * The one template-variable renderer, shared by the template preview, the publish reactor
 * and bulk edit. Pure: no DOM, so the server and the browser render alike.
 *
 * A variable is `@` followed by a letter and then letters or digits, not glued to a word
 * before it (`info@example.com` is no variable), except right after another variable
 * (`@BusinessName@City`, two chips side by side). `@{City}` is the same variable written so
 * that it may touch letters on either side (`@{City}ville`, `x@{City}`): a chip placed against a
 * word is stored so, since editors insert no space around chips. Names match
 * case-insensitively; unknown names render empty (spec part 1 §9). Nothing is added around a
 * value: the text around a variable is kept byte for byte.
 */

/** Google's limit on a local post's summary, in characters. */
export const GOOGLE_POST_SUMMARY_MAX_LENGTH = GOOGLE_LIMITS.postSummary.max;

const VARIABLE = /@\{([A-Za-z][A-Za-z0-9]*)\}|@([A-Za-z][A-Za-z0-9]*)/g;
/** Characters that make a bare `@Name` part of a word (an e-mail address) rather than a variable. */
export const VARIABLE_GLUED_BEFORE = /[A-Za-z0-9_.\-+]/;
/** Characters that would run on into a bare `@Name`, so a variable before them is written `@{Name}`. */
export const VARIABLE_GLUED_AFTER = /[A-Za-z0-9]/;

function replaceVariables(text: string, lookup: (name: string) => string): string {
  let lastEnd = -1;
  return text.replace(VARIABLE, (match: string, braced: string | undefined, bare: string | undefined, offset: number) => {
    const before = offset > 0 ? text.charAt(offset - 1) : '';
    if (braced === undefined && before !== '' && VARIABLE_GLUED_BEFORE.test(before) && offset !== lastEnd) return match;
    lastEnd = offset + match.length;
    return lookup(braced ?? bare ?? '');
  });
}

function lookupIn(values: ReadonlyMap<string, string>): (name: string) => string {
  return (name) => values.get(name.toLowerCase()) ?? '';
}

/** Renders variables in plain text (a title, a bulk edit field before trimming). */
export function renderVariablesInText(text: string, source: VariableSource, variables: readonly TemplateVariable[] = ALL_TEMPLATE_VARIABLES): string {
  return replaceVariables(text, lookupIn(variableValues(source, variables)));
}

/**
 * A bulk edit field as the location gets it: the template rendered against the location,
 * without the blanks at its ends. The preview and the job use this one function, so what the
 * preview shows is what is stored and sent to Google.
 */
export function renderBulkEditValue(template: string, source: VariableSource): string {
  return renderVariablesInText(template, source, BULK_EDIT_VARIABLES).trim();
}

const TAG = /(<[^>]*>)/;

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Renders variables in HTML (a template's rich text): only text between tags is rendered and
 * values are escaped, so a location's value can never become markup. An editor chip
 * (`<span data-type="mention" ...>@City</span>`) keeps its span around the value.
 */
export function renderVariablesInHtml(html: string, source: VariableSource, variables: readonly TemplateVariable[] = ALL_TEMPLATE_VARIABLES): string {
  const lookup = lookupIn(variableValues(source, variables));
  return html
    .split(TAG)
    .map((part) => (part.startsWith('<') ? part : replaceVariables(part, (name) => escapeHtml(lookup(name)))))
    .join('');
}

/**
 * What reaches Google for one location: the template rendered, as plain text, whole. A text
 * over Google's limit is not cut: sending it is refused with the length (`limitProblem`).
 */
export function renderPostSummary(templateHtml: string, source: VariableSource): string {
  return htmlToPlainText(renderVariablesInHtml(templateHtml, source, ALL_TEMPLATE_VARIABLES));
}

/** Google's limit on an event's title, in characters. */
const GOOGLE_EVENT_TITLE_MAX_LENGTH = 58;

/**
 * A template's post for one location as a location's local post (spec part 2 §3 Local post):
 * the content rendered to plain text, the event title rendered too.
 * What a template publishes goes to Google through the location's post mapping from here.
 */
export function renderTemplatePost(post: TemplatePost, source: VariableSource): LocalPostContent {
  const event = post.Event;
  const schedule = event?.Schedule;
  return {
    TopicType: post.TopicType,
    Summary: renderPostSummary(post.TemplateContent, source),
    MediaUrl: post.MediaItemUrl,
    CallToAction: post.CallToAction && post.TopicType !== 'OFFER' ? { ActionType: post.CallToAction.ActionType, Url: post.CallToAction.Url ?? '' } : null,
    Event:
      event && schedule
        ? {
            EventTitle: Array.from(renderVariablesInText(event.EventTitle, source)).slice(0, GOOGLE_EVENT_TITLE_MAX_LENGTH).join('') || event.EventTitle,
            Schedule: {
              StartDate: schedule.StartDate,
              EndDate: schedule.EndDate,
              EnableTime: schedule.EnableTime,
              StartTime: schedule.StartTime ?? null,
              EndTime: schedule.EndTime ?? null,
            },
          }
        : null,
    Offer:
      post.Offer && post.TopicType === 'OFFER'
        ? { CouponCode: post.Offer.CouponCode, RedeemOnlineUrl: post.Offer.RedeemOnlineUrl, TermsConditions: post.Offer.TermsConditions }
        : null,
  };
}
