/**
 * How long an API request may take, from the outside in, so each layer gives up after the one
 * inside it and a request never dies half-way (a force check killed by its Lambda would keep its
 * lock for minutes). The CDK api stack sizes the area functions from these; test/infra asserts it.
 */

/** API Gateway HTTP APIs end every integration at 30 s (a hard quota). */
export const API_GATEWAY_TIMEOUT_SECONDS = 30;

/** The area functions' Lambda timeout: under the gateway's, with room to answer. */
export const API_FUNCTION_TIMEOUT_SECONDS = API_GATEWAY_TIMEOUT_SECONDS - 1;

/** Time a response needs after the longest wait: reading the last state, releasing a lock, answering. */
const ANSWER_MARGIN_SECONDS = 4;

/** How long force check waits for the rounds it started before answering with what is decided. */
export const FORCE_CHECK_WAIT_MS = (API_FUNCTION_TIMEOUT_SECONDS - ANSWER_MARGIN_SECONDS) * 1000;
