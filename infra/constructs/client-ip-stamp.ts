import { CLIENT_IP_HEADER } from '../../shared/api/client-address.js';

/**
 * CloudFront Function code (cloudfront-js-2.0, viewer request) for `/api/*`: writes the viewer's IP
 * (the address of the connection CloudFront accepted) into the header the API's per-IP limits read
 * (functions/http/client-address.ts), replacing whatever the client sent in it. Behind CloudFront,
 * API Gateway's own `sourceIp` is an edge server's address, shared by many users.
 */
export const CLIENT_IP_STAMP_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${CLIENT_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;
