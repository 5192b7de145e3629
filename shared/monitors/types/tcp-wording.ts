import type { FailureText } from '../../checks/failure-texts.js';
import { addressAfterScheme, type IncidentWording } from './wording.js';

/**
 * A TCP port monitor's words (docs/checks.md "What each type's texts speak of"): a port and the
 * programs that connect to it (an app, a database client, a mail server), never a website, its
 * pages or its visitors. The titles keep the product's two-word style.
 */
export const TCP_INCIDENT_TITLES = { down: 'Port Unreachable', up: 'Port Reachable Again' } as const;

const NOTHING_TO_DO = "Nothing to do right now. It is worth finding out what caused the outage so it doesn't happen again.";

const categoryTexts: { [category: string]: FailureText } = {
  connection_refused: {
    userImpact: 'HIGH',
    impactDescription: "Programs that connect to this port (an app, a database client, a mail server) can't reach the service behind it: connections are refused.",
    explanation:
      'We found the server, but it turned the connection to this port away. Usually the service that should listen on the port is not running, listens on another port, or a firewall rejects connections to it.',
    recommendedAction:
      'Check that the service (for example your database, mail or game server) is running and listening on this port, and that the firewall lets connections to it in from the internet.',
    reason: 'connections to it are refused',
  },
  connection_timeout: {
    userImpact: 'HIGH',
    impactDescription: "Programs that connect to this port can't reach the service behind it: connections get no answer.",
    explanation:
      'We tried to open a connection to this port and got no reply before the time limit. The server may be switched off or overloaded, or a firewall may silently drop connections to this port.',
    recommendedAction:
      'Check that the server is running and reachable from the internet, and that no firewall or security group drops connections to this port.',
    reason: 'connections to it get no answer',
  },
  timeout: {
    userImpact: 'HIGH',
    impactDescription: "Programs that connect to this port can't reach the service behind it in time.",
    explanation: "The connection to this port did not complete within this monitor's time limit. The server may be overloaded, or the network path to it congested.",
    recommendedAction:
      "Check whether the server is overloaded and whether connections pile up on it. If connecting is slow by nature, you can raise the timeout in the monitor settings.",
    reason: 'connections to it take too long',
  },
  connection_reset: {
    userImpact: 'HIGH',
    impactDescription: 'Programs that connect to this port are cut off.',
    explanation:
      'The connection to this port was opened and then cut off abruptly. The service may be crashing or restarting, or a firewall or load balancer in front of it drops the connection.',
    recommendedAction: "Look in the service's logs for crashes or restarts around this time, and check any firewall or load balancer in front of it.",
    reason: 'connections to it are cut off',
  },
  dns_failure: {
    userImpact: 'HIGH',
    impactDescription: "Programs can't connect to this port because the host's name doesn't resolve.",
    explanation:
      'When we looked up the host name, no address came back, so there was nothing to connect to. Every program that connects by this name runs into the same problem.',
    recommendedAction:
      "Check that the domain hasn't expired and that its DNS records point to your server. If you changed them recently, allow up to an hour for the change to spread.",
    reason: "its host name doesn't resolve",
  },
  blocked_target: {
    userImpact: 'LOW',
    impactDescription: "We didn't connect to this port because the host points to a private or internal network.",
    explanation:
      'For safety, Upwatch only connects to servers on the public internet. This host leads to a private, local or reserved network, so the result says nothing about whether the port can be reached.',
    recommendedAction: 'Use the public host name or address of the server.',
    reason: 'its host points to a private network',
  },
  unknown: {
    userImpact: 'HIGH',
    impactDescription: 'Programs may not be able to connect to this port.',
    explanation: "Our connections to this port failed from several of our locations, for a reason that doesn't match any of the usual causes.",
    recommendedAction:
      "Try connecting to the port yourself, with your app or a client for the service. If it fails, check the service and its server; if it works, the problem may already be over, and we'll tell you as soon as our checks pass again.",
    reason: 'our connections to it fail',
  },
};

export const TCP_WORDING: IncidentWording = {
  downTitle: () => TCP_INCIDENT_TITLES.down,
  downHeading: (monitor) => `${monitor} is unreachable`,
  downMessage: (reason) => `Your port is unreachable: ${reason}.`,
  upTitle: TCP_INCIDENT_TITLES.up,
  upHeading: (monitor) => `${monitor} is reachable again`,
  upAtLabel: 'Reachable again at',
  recovered: ({ downFor, responseTime }) => ({
    message: downFor ? `Your port is reachable again after ${downFor} of downtime.` : 'Your port is reachable again.',
    details: {
      user_impact: 'LOW',
      impact_description: 'Programs can connect to this port again.',
      explanation: downFor
        ? `Connections to this port complete normally again, after ${downFor} in which they failed.`
        : 'Connections to this port complete normally again.',
      error_category: null,
      recommended_action: NOTHING_TO_DO,
      status_code: null,
      response_time: responseTime,
      user_accessible: true,
    },
  }),
  categoryTexts,
  slow: {
    message: (took, limit) => `Your port is slow to accept connections: connecting takes about ${took} (your limit is ${limit}).`,
    impact: (took, verySlow) =>
      verySlow
        ? `Connections to this port are very slow: about ${took} each, long enough for many programs to give up.`
        : `Connections to this port are slower than they should be: about ${took} each.`,
    explanation: (limit) =>
      `Several checks in a row took longer than this monitor's limit of ${limit} to connect. The service still answers, but slow connections hold up everything that depends on it.`,
    recommendedAction:
      'Check whether the server is short of memory or processing power, whether connections pile up on it (a connection limit, a full queue), or whether the network path to it is congested.',
    resolved: (lasted) => `Your port accepts connections at normal speed again after being slow for ${lasted}.`,
  },
  access: { yes: 'Port reachable', no: 'Port unreachable' },
  address: (url) => ({ label: 'Port', value: addressAfterScheme(url) }),
};
