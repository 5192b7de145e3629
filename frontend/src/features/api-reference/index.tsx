import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/** Where the reference reads the public API's document (docs/api.md "The document"). */
export const OPENAPI_DOCUMENT_URL = '/api/v1/openapi.json';

/**
 * The public API's reference (docs/api.md), rendered by Scalar from the document the server serves,
 * so it always shows the operations, fields and examples the API has. Its own chunk: Scalar is
 * large, and only this page loads it.
 */
export function ApiReferenceView() {
  return (
    <div className="min-h-screen bg-background" data-testid="api-reference">
      <ApiReferenceReact
        configuration={{
          url: OPENAPI_DOCUMENT_URL,
          // Served from here only: no fonts, proxies or telemetry from elsewhere (the site's Content-Security-Policy).
          withDefaultFonts: false,
          hideClientButton: true,
          telemetry: false,
          // Scalar's hosted extras talk to its servers (the "Ask AI" agent uploads the document there;
          // "Generate SDKs & MCP" and the developer tools lead to its dashboard): none of them here.
          agent: { disabled: true },
          mcp: { disabled: true },
          showDeveloperTools: 'never',
          metaData: { title: 'API reference · Upwatch' },
        }}
      />
    </div>
  );
}
