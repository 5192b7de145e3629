import type { FailureText } from '../../checks/failure-texts.js';
import { addressAfterScheme, type IncidentWording } from './wording.js';

/**
 * A DNS record monitor's words (docs/checks.md "What each type's texts speak of"): a record and
 * whoever looks it up (browsers, mail servers, apps), never a website, its pages or its visitors.
 * The titles keep the product's two-word style; a record with the wrong value is "changed", one
 * that does not resolve has a "failed" lookup.
 */
export const DNS_INCIDENT_TITLES = { failed: 'DNS Lookup Failed', changed: 'DNS Record Changed', up: 'DNS Record Recovered' } as const;

const NOTHING_TO_DO = "Nothing to do right now. It is worth finding out what caused the outage so it doesn't happen again.";

/** The texts of the shared categories a lookup can meet (its own, dns_mismatch, is in dns.ts). */
const categoryTexts: { [category: string]: FailureText } = {
  dns_failure: {
    userImpact: 'HIGH',
    impactDescription: "Lookups of this name get no answer, so whatever it points to (a server, mail, an API) can't be found through it.",
    explanation:
      'When we asked for the records of this type, none came back, the name does not exist, or no answer came in time. Browsers, mail servers and apps asking for the same records run into the same problem.',
    recommendedAction:
      "Check that the domain hasn't expired and that records of this type exist at your DNS provider (where you manage the domain's records). If you changed them recently, allow up to an hour for the change to spread.",
    reason: "its records don't resolve",
  },
  timeout: {
    userImpact: 'HIGH',
    impactDescription: "Lookups of this name don't get an answer in time.",
    explanation: "The name servers of this domain did not answer within this monitor's time limit. They may be down or overloaded, or unreachable from parts of the internet.",
    recommendedAction:
      "Check whether your DNS provider reports an outage, and that the domain's NS records list only name servers that answer.",
    reason: 'its lookups take too long',
  },
  blocked_target: {
    userImpact: 'LOW',
    impactDescription: "We didn't report this record's answer because it points to a private or internal network.",
    explanation:
      'For safety, Upwatch does not report private, local or reserved addresses a name resolves to, so the result says nothing about whether the record is right.',
    recommendedAction: 'Monitor a name that resolves to public addresses.',
    reason: 'it points to a private network',
  },
  unknown: {
    userImpact: 'HIGH',
    impactDescription: 'Lookups of this name may fail.',
    explanation: "Our lookups of this record failed from several of our locations, for a reason that doesn't match any of the usual causes.",
    recommendedAction:
      "Look the record up yourself (for example with an online DNS lookup tool). If it fails, check the records at your DNS provider; if it works, the problem may already be over, and we'll tell you as soon as our checks pass again.",
    reason: 'our lookups of it fail',
  },
};

export const DNS_WORDING: IncidentWording = {
  downTitle: (errorCategory) => (errorCategory === 'dns_mismatch' ? DNS_INCIDENT_TITLES.changed : DNS_INCIDENT_TITLES.failed),
  downHeading: (monitor, errorCategory) =>
    errorCategory === 'dns_mismatch' ? `${monitor} no longer has the expected record` : `${monitor} does not resolve`,
  downMessage: (reason) => `Your DNS record is failing: ${reason}.`,
  upTitle: DNS_INCIDENT_TITLES.up,
  upHeading: (monitor) => `${monitor} resolves as expected again`,
  upAtLabel: 'Resolving again at',
  recovered: ({ downFor, responseTime }) => ({
    message: downFor ? `Your DNS record resolves as expected again after ${downFor}.` : 'Your DNS record resolves as expected again.',
    details: {
      user_impact: 'LOW',
      impact_description: 'Lookups of this name get the expected answer again.',
      explanation: downFor
        ? `The record resolves as this monitor expects again, after ${downFor} in which it did not.`
        : 'The record resolves as this monitor expects again.',
      error_category: null,
      recommended_action: NOTHING_TO_DO,
      status_code: null,
      response_time: responseTime,
      user_accessible: true,
    },
  }),
  categoryTexts,
  slow: {
    message: (took, limit) => `Your DNS lookups are slow: answers take about ${took} (your limit is ${limit}).`,
    impact: (took, verySlow) =>
      verySlow
        ? `Lookups of this name are very slow: about ${took}, and many programs give up before an answer arrives.`
        : `Lookups of this name are slower than they should be: about ${took}.`,
    explanation: (limit) =>
      `Several lookups in a row took longer than this monitor's limit of ${limit}. The record still resolves, but everything that looks this name up waits for it.`,
    recommendedAction: "Check whether your DNS provider reports an outage or a slowdown, and that the domain's NS records list only name servers that answer quickly.",
    resolved: (lasted) => `Your DNS lookups are at normal speed again after being slow for ${lasted}.`,
  },
  access: { yes: 'Record resolving', no: 'Record failing' },
  address: (url) => ({ label: 'Hostname', value: addressAfterScheme(url) }),
};
