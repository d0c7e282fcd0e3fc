/// The OpenAPI 3 document of the admin API as Understudy implements it (one operation or
/// schema per line), served at
/// `GET /__admin/docs/swagger` (WireMock serves its own there). Written by hand, not derived
/// from the route table, so it can say what each call takes and answers;
/// `AdminDocsTests` keeps it true: every route of ``AdminRoute/all`` has an operation here,
/// and every operation here has a route.
enum AdminAPIDocument {
    /// The document as JSON text.
    static let json = #"""
{
 "openapi": "3.0.3",
 "info": {"title": "Understudy admin API", "version": "3.13.2", "description": "WireMock 3.13's admin API, with WireMock 4's message stubs, message journal and channels, as Understudy implements it. Every path is below /__admin. With an admin token, every call needs Authorization: Bearer <token>."},
 "servers": [{"url": "/__admin"}],
 "components": {
  "securitySchemes": {
   "adminToken": {"type": "http", "scheme": "bearer", "description": "Only when the server was started with an admin token"}
  },
  "schemas": {
   "StubMapping": {"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}, "uuid": {"type": "string", "format": "uuid"}, "name": {"type": "string"}, "request": {"$ref": "#/components/schemas/RequestPattern"}, "response": {"$ref": "#/components/schemas/ResponseDefinition"}, "priority": {"type": "integer"}, "persistent": {"type": "boolean"}, "scenarioName": {"type": "string"}, "requiredScenarioState": {"type": "string"}, "newScenarioState": {"type": "string"}, "metadata": {"type": "object"}, "serveEventListeners": {"type": "array", "items": {"$ref": "#/components/schemas/ServeEventListener"}}, "postServeActions": {"description": "Deprecated: a list of {name, parameters}, or an object of name to parameters; written back as a list", "oneOf": [{"type": "array", "items": {"$ref": "#/components/schemas/ServeEventListener"}}, {"type": "object"}]}, "insertionIndex": {"type": "integer"}}, "description": "A WireMock stub mapping, as in mappings/*.json"},
   "ServeEventListener": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "description": "webhook runs; other names are kept and never run"}, "requestPhases": {"type": "array", "items": {"type": "string", "enum": ["BEFORE_MATCH", "AFTER_MATCH", "BEFORE_RESPONSE_SENT", "AFTER_COMPLETE"]}}, "parameters": {"$ref": "#/components/schemas/WebhookParameters"}}, "description": "A serve event listener; a webhook is sent after the response"},
   "WebhookParameters": {"type": "object", "required": ["url"], "properties": {"method": {"type": "string", "default": "GET"}, "url": {"type": "string"}, "headers": {"type": "object"}, "body": {"type": "string"}, "base64Body": {"type": "string"}, "delay": {"$ref": "#/components/schemas/DelayDistribution"}}, "additionalProperties": true, "description": "A webhook: method, url, header values and body are templates seeing originalRequest and parameters; other keys are parameters"},
   "StubMappingList": {"type": "object", "properties": {"mappings": {"type": "array", "items": {"$ref": "#/components/schemas/StubMapping"}}, "meta": {"type": "object", "properties": {"total": {"type": "integer"}}}}},
   "StubImport": {"type": "object", "properties": {"mappings": {"type": "array", "items": {"$ref": "#/components/schemas/StubMapping"}}, "importOptions": {"type": "object", "properties": {"duplicatePolicy": {"type": "string", "enum": ["OVERWRITE", "IGNORE"]}, "deleteAllNotInImport": {"type": "boolean"}}}}},
   "StringValuePattern": {"type": "object", "description": "One operator such as {\"equalTo\": \"a\"}, {\"matches\": \"[0-9]+\"}, {\"equalToJson\": {...}}, with its modifiers", "additionalProperties": true},
   "RequestPattern": {"type": "object", "properties": {"method": {"type": "string"}, "url": {"type": "string"}, "urlPattern": {"type": "string"}, "urlPath": {"type": "string"}, "urlPathPattern": {"type": "string"}, "urlPathTemplate": {"type": "string"}, "scheme": {"type": "string"}, "host": {"$ref": "#/components/schemas/StringValuePattern"}, "port": {"type": "integer"}, "headers": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StringValuePattern"}}, "queryParameters": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StringValuePattern"}}, "formParameters": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StringValuePattern"}}, "pathParameters": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StringValuePattern"}}, "cookies": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StringValuePattern"}}, "basicAuthCredentials": {"type": "object", "properties": {"username": {"type": "string"}, "password": {"type": "string"}}}, "bodyPatterns": {"type": "array", "items": {"$ref": "#/components/schemas/StringValuePattern"}}, "multipartPatterns": {"type": "array", "items": {"type": "object"}}, "operationId": {"$ref": "#/components/schemas/StringValuePattern"}}},
   "ResponseDefinition": {"type": "object", "properties": {"status": {"type": "integer"}, "statusMessage": {"type": "string"}, "headers": {"type": "object"}, "body": {"type": "string"}, "jsonBody": {}, "base64Body": {"type": "string"}, "bodyFileName": {"type": "string"}, "fixedDelayMilliseconds": {"type": "integer"}, "delayDistribution": {"$ref": "#/components/schemas/DelayDistribution"}, "chunkedDribbleDelay": {"type": "object", "properties": {"numberOfChunks": {"type": "integer"}, "totalDuration": {"type": "integer"}}}, "fault": {"type": "string", "enum": ["EMPTY_RESPONSE", "MALFORMED_RESPONSE_CHUNK", "RANDOM_DATA_THEN_CLOSE", "CONNECTION_RESET_BY_PEER"]}, "proxyBaseUrl": {"type": "string"}, "transformers": {"type": "array", "items": {"type": "string"}}, "transformerParameters": {"type": "object"}}},
   "DelayDistribution": {"type": "object", "properties": {"type": {"type": "string", "enum": ["fixed", "uniform", "lognormal"]}, "milliseconds": {"type": "integer"}, "lower": {"type": "integer"}, "upper": {"type": "integer"}, "median": {"type": "number"}, "sigma": {"type": "number"}, "maxValue": {"type": "number"}}},
   "Settings": {"type": "object", "properties": {"fixedDelay": {"type": "integer"}, "delayDistribution": {"$ref": "#/components/schemas/DelayDistribution"}, "extended": {"type": "object"}, "proxyPassThrough": {"type": "boolean", "description": "Accepted and stored; affects browser proxying only, which Understudy does not offer"}}, "additionalProperties": false},
   "LoggedRequest": {"type": "object", "properties": {"id": {"type": "string"}, "method": {"type": "string"}, "url": {"type": "string"}, "absoluteUrl": {"type": "string"}, "headers": {"type": "object"}, "cookies": {"type": "object"}, "body": {"type": "string"}, "bodyAsBase64": {"type": "string"}, "loggedDate": {"type": "integer"}, "loggedDateString": {"type": "string"}, "queryParams": {"type": "object"}, "operationId": {"type": "string"}}},
   "ServeEvent": {"type": "object", "properties": {"id": {"type": "string"}, "request": {"$ref": "#/components/schemas/LoggedRequest"}, "stubMapping": {"$ref": "#/components/schemas/StubMapping"}, "responseDefinition": {"$ref": "#/components/schemas/ResponseDefinition"}, "response": {"type": "object"}, "wasMatched": {"type": "boolean"}, "timing": {"type": "object"}}},
   "ServeEventList": {"type": "object", "properties": {"requests": {"type": "array", "items": {"$ref": "#/components/schemas/ServeEvent"}}, "meta": {"type": "object", "properties": {"total": {"type": "integer"}}}, "requestJournalDisabled": {"type": "boolean"}}},
   "NearMissList": {"type": "object", "properties": {"nearMisses": {"type": "array", "items": {"type": "object", "properties": {"request": {"$ref": "#/components/schemas/LoggedRequest"}, "stubMapping": {"$ref": "#/components/schemas/StubMapping"}, "requestPattern": {"$ref": "#/components/schemas/RequestPattern"}, "matchResult": {"type": "object", "properties": {"distance": {"type": "number"}}}}}}}},
   "ScenarioList": {"type": "object", "properties": {"scenarios": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "state": {"type": "string"}, "possibleStates": {"type": "array", "items": {"type": "string"}}}}}}},
   "RecordSpec": {"type": "object", "properties": {"targetBaseUrl": {"type": "string"}, "filters": {"type": "object"}, "captureHeaders": {"type": "object"}, "extractBodyCriteria": {"type": "object"}, "persist": {"type": "boolean"}, "repeatsAsScenarios": {"type": "boolean"}, "transformers": {"type": "array", "items": {"type": "string"}}, "outputFormat": {"type": "string", "enum": ["FULL", "IDS"]}, "streamTimeScale": {"type": "number", "minimum": 0, "maximum": 1000}}},
   "Errors": {"type": "object", "properties": {"errors": {"type": "array", "items": {"type": "object", "properties": {"code": {"type": "integer"}, "source": {"type": "object", "properties": {"pointer": {"type": "string"}}}, "title": {"type": "string"}, "detail": {"type": "string"}}}}}}
  }
 },
 "paths": {
  "/": {
   "get": {"summary": "Lists every stub (the same as GET /mappings; older clients read this)", "responses": {"200": {"description": "The stubs in matching order", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMappingList"}}}}}}
  },
  "/mappings": {
   "get": {"summary": "Lists the stubs in matching order", "parameters": [{"name": "limit", "in": "query", "required": false, "description": "Most stubs returned", "schema": {"type": "integer"}}, {"name": "offset", "in": "query", "required": false, "description": "Stubs skipped first", "schema": {"type": "integer"}}], "responses": {"200": {"description": "The stubs", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMappingList"}}}}, "400": {"description": "limit or offset below 0", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "post": {"summary": "Adds one stub (persistent ones are also written to mappings/)", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "responses": {"201": {"description": "The stored stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "422": {"description": "Not a valid stub, or its id is taken", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Removes every stub", "responses": {"200": {"description": "Done"}}}
  },
  "/mappings/save": {
   "post": {"summary": "Writes every stub to the root folder's mappings/", "responses": {"200": {"description": "Done"}, "422": {"description": "No root folder, or a file could not be written", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/mappings/reset": {
   "post": {"summary": "Removes every stub, empties the journal, resets scenarios and reloads the root folder's mappings", "responses": {"200": {"description": "Done"}, "422": {"description": "The root's mappings do not load; nothing was reset", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/mappings/import": {
   "post": {"summary": "Adds many stubs, with a duplicate policy", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubImport"}}}}, "responses": {"200": {"description": "Done"}, "422": {"description": "A stub is not valid; nothing was imported", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/mappings/remove": {
   "post": {"summary": "Removes the stub with the body's id, or the stubs whose request pattern equals the body's", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "responses": {"200": {"description": "Done"}}}
  },
  "/mappings/edit": {
   "post": {"summary": "Replaces the stub the body's id names (WireMock 2 clients)", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "responses": {"200": {"description": "Done"}, "404": {"description": "No stub has that id", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/mappings/find-by-metadata": {
   "post": {"summary": "Lists the stubs whose metadata the body's pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StringValuePattern"}}}}, "responses": {"200": {"description": "The stubs", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMappingList"}}}}}}
  },
  "/mappings/remove-by-metadata": {
   "post": {"summary": "Removes the stubs whose metadata the body's pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StringValuePattern"}}}}, "responses": {"200": {"description": "Done"}}}
  },
  "/mappings/unmatched": {
   "get": {"summary": "Lists the stubs no journaled request matched", "responses": {"200": {"description": "The stubs", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMappingList"}}}}}},
   "delete": {"summary": "Removes the stubs no journaled request matched", "responses": {"200": {"description": "Done"}}}
  },
  "/mappings/{id}": {
   "get": {"summary": "One stub", "parameters": [{"name": "id", "in": "path", "required": true, "description": "The stub's or serve event's id.", "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "The stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No stub has that id", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "put": {"summary": "Replaces a stub, keeping its id and place", "parameters": [{"name": "id", "in": "path", "required": true, "description": "The stub's or serve event's id.", "schema": {"type": "string", "format": "uuid"}}], "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "responses": {"200": {"description": "The stored stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMapping"}}}}, "404": {"description": "No stub has that id", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "422": {"description": "Not a valid stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Removes a stub (and its file when persistent)", "parameters": [{"name": "id", "in": "path", "required": true, "description": "The stub's or serve event's id.", "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "Done"}, "404": {"description": "No stub has that id", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/scenarios": {
   "get": {"summary": "Lists the scenarios and their states", "responses": {"200": {"description": "The scenarios", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ScenarioList"}}}}}}
  },
  "/scenarios/reset": {
   "post": {"summary": "Sets every scenario back to Started", "responses": {"200": {"description": "Done"}}}
  },
  "/scenarios/{name}/state": {
   "put": {"summary": "Sets one scenario's state ({\"state\": \"...\"}; an empty body resets it)", "parameters": [{"name": "name", "in": "path", "required": true, "description": "The scenario's name", "schema": {"type": "string"}}], "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object", "properties": {"state": {"type": "string"}}}}}}, "responses": {"200": {"description": "Done"}, "422": {"description": "No stub of the scenario mentions that state", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No such scenario", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/requests": {
   "get": {"summary": "Lists the journal's serve events, newest first", "parameters": [{"name": "limit", "in": "query", "required": false, "description": "Most events returned", "schema": {"type": "integer"}}, {"name": "since", "in": "query", "required": false, "description": "Only events after this ISO 8601 time", "schema": {"type": "string"}}, {"name": "unmatched", "in": "query", "required": false, "description": "Only requests no stub matched", "schema": {"type": "boolean"}}, {"name": "matchingStub", "in": "query", "required": false, "description": "Only requests served by this stub id", "schema": {"type": "string"}}], "responses": {"200": {"description": "The serve events", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ServeEventList"}}}}}},
   "delete": {"summary": "Empties the journal", "responses": {"200": {"description": "Done"}}}
  },
  "/requests/reset": {
   "post": {"summary": "Empties the journal (WireMock 2 clients)", "responses": {"200": {"description": "Done"}}}
  },
  "/requests/count": {
   "post": {"summary": "Counts the journaled requests a pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RequestPattern"}}}}, "responses": {"200": {"description": "The count", "content": {"application/json": {"schema": {"type": "object", "properties": {"count": {"type": "integer"}, "requestJournalDisabled": {"type": "boolean"}}}}}}, "422": {"description": "Not a valid request pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/requests/find": {
   "post": {"summary": "Lists the journaled requests a pattern matches, oldest first", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RequestPattern"}}}}, "responses": {"200": {"description": "The requests", "content": {"application/json": {"schema": {"type": "object", "properties": {"requests": {"type": "array", "items": {"$ref": "#/components/schemas/LoggedRequest"}}, "requestJournalDisabled": {"type": "boolean"}}}}}}, "422": {"description": "Not a valid request pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/requests/unmatched": {
   "get": {"summary": "Lists the requests no stub matched", "responses": {"200": {"description": "The requests", "content": {"application/json": {"schema": {"type": "object", "properties": {"requests": {"type": "array", "items": {"$ref": "#/components/schemas/LoggedRequest"}}}}}}}}}
  },
  "/requests/unmatched/near-misses": {
   "get": {"summary": "For each unmatched request, the nearest stubs", "responses": {"200": {"description": "The near misses", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NearMissList"}}}}}}
  },
  "/requests/remove": {
   "post": {"summary": "Removes the journaled requests a pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RequestPattern"}}}}, "responses": {"200": {"description": "The removed serve events", "content": {"application/json": {"schema": {"type": "object", "properties": {"serveEvents": {"type": "array", "items": {"$ref": "#/components/schemas/ServeEvent"}}}}}}}}}
  },
  "/requests/remove-by-metadata": {
   "post": {"summary": "Removes the journal entries served by stubs whose metadata the pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StringValuePattern"}}}}, "responses": {"200": {"description": "The removed serve events", "content": {"application/json": {"schema": {"type": "object", "properties": {"serveEvents": {"type": "array", "items": {"$ref": "#/components/schemas/ServeEvent"}}}}}}}}}
  },
  "/requests/{id}": {
   "get": {"summary": "One serve event", "parameters": [{"name": "id", "in": "path", "required": true, "description": "The stub's or serve event's id.", "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "The serve event", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ServeEvent"}}}}, "404": {"description": "No serve event has that id", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Removes one serve event (unknown ids are not an error)", "parameters": [{"name": "id", "in": "path", "required": true, "description": "The stub's or serve event's id.", "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "Done"}}}
  },
  "/near-misses/request": {
   "post": {"summary": "The stubs nearest to a logged request", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LoggedRequest"}}}}, "responses": {"200": {"description": "The near misses", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NearMissList"}}}}}}
  },
  "/near-misses/request-pattern": {
   "post": {"summary": "The journaled requests nearest to a pattern", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RequestPattern"}}}}, "responses": {"200": {"description": "The near misses", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NearMissList"}}}}}}
  },
  "/settings": {
   "get": {"summary": "The global settings", "responses": {"200": {"description": "The settings", "content": {"application/json": {"schema": {"type": "object", "properties": {"settings": {"$ref": "#/components/schemas/Settings"}}}}}}}},
   "post": {"summary": "Replaces the global settings; fixedDelay and delayDistribution delay every response whose stub sets no delay", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}, "responses": {"200": {"description": "The stored settings", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}, "422": {"description": "An unknown setting or a bad value; nothing changed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "put": {"summary": "Replaces the global settings (as POST)", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}, "responses": {"200": {"description": "The stored settings", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}, "422": {"description": "An unknown setting or a bad value; nothing changed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "patch": {"summary": "Merges members into the global settings (null removes one)", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}, "responses": {"200": {"description": "The stored settings", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}, "422": {"description": "An unknown setting or a bad value; nothing changed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/settings/extended": {
   "patch": {"summary": "Merges members into the extended settings", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"extended": {"type": "object"}}, "required": ["extended"]}}}}, "responses": {"200": {"description": "Done"}, "422": {"description": "The body has no extended object", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/reset": {
   "post": {"summary": "Removes every stub, empties the journal, resets scenarios and reloads the root folder's mappings; global settings stay", "responses": {"200": {"description": "Done"}, "422": {"description": "The root's mappings do not load; nothing was reset", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/shutdown": {
   "post": {"summary": "Stops the server after answering", "responses": {"200": {"description": "Done"}}}
  },
  "/health": {
   "get": {"summary": "Whether the server is up", "responses": {"200": {"description": "Healthy", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"type": "string"}, "message": {"type": "string"}, "version": {"type": "string"}, "uptimeInSeconds": {"type": "integer"}, "timestamp": {"type": "string", "format": "date-time"}}}}}}}}
  },
  "/version": {
   "get": {"summary": "The WireMock version this server speaks for (text/plain on request)", "responses": {"200": {"description": "The version", "content": {"application/json": {"schema": {"type": "object", "properties": {"version": {"type": "string"}}}}}}}}
  },
  "/recordings/start": {
   "post": {"summary": "Starts recording: unmatched requests are proxied to targetBaseUrl and captured", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RecordSpec"}}}}, "responses": {"200": {"description": "Recording"}, "409": {"description": "Already recording", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "422": {"description": "Not a valid record spec", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/recordings/stop": {
   "post": {"summary": "Stops recording and returns the stubs made from the captured traffic", "responses": {"200": {"description": "The recorded stubs", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMappingList"}}}}, "409": {"description": "Not recording", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/recordings/status": {
   "get": {"summary": "NeverStarted, Recording or Stopped", "responses": {"200": {"description": "The status", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"type": "string", "enum": ["NeverStarted", "Recording", "Stopped"]}}}}}}}}
  },
  "/recordings/snapshot": {
   "post": {"summary": "Makes stubs from the proxied traffic in the journal", "requestBody": {"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RecordSpec"}}}}, "responses": {"200": {"description": "The stubs", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StubMappingList"}}}}, "422": {"description": "Not a valid record spec", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/pact": {
   "get": {"summary": "The Pact contract (v4, or v3 with specification=3) of the requests the stubs answered: an Understudy extension", "parameters": [{"name": "consumer", "in": "query", "required": true, "schema": {"type": "string"}}, {"name": "provider", "in": "query", "required": true, "schema": {"type": "string"}}, {"name": "specification", "in": "query", "required": false, "schema": {"type": "string", "enum": ["3", "4"]}}], "responses": {"200": {"description": "The Pact document", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "consumer or provider missing, or an unknown specification", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/certs/wiremock-ca.crt": {
   "get": {"summary": "The certificate authority of the HTTPS listener, as PEM (trust it on a device or simulator)", "responses": {"200": {"description": "The CA certificate", "content": {"application/x-pem-file": {"schema": {"type": "string"}}}}, "404": {"description": "The server has no HTTPS listener with a certificate authority it knows", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/recorder": {
   "get": {"summary": "Not served: the recorder's web page; use the recordings API", "responses": {"404": {"description": "A text naming the recordings API", "content": {"text/plain": {"schema": {"type": "string"}}}}}}
  },
  "/files": {
   "get": {"summary": "Lists the files under __files", "responses": {"200": {"description": "The file names", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}
  },
  "/files/{path}": {
   "get": {"summary": "One file under __files", "parameters": [{"name": "path", "in": "path", "required": true, "description": "The file's path below __files; may contain /", "schema": {"type": "string"}}], "responses": {"200": {"description": "The file's bytes", "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}, "400": {"description": "The path leaves __files", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No such file", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "put": {"summary": "Writes a file under __files (atomically, creating folders)", "parameters": [{"name": "path", "in": "path", "required": true, "description": "The file's path below __files; may contain /", "schema": {"type": "string"}}], "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"200": {"description": "Written"}, "400": {"description": "The path leaves __files", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Deletes a file under __files (whether or not it existed)", "parameters": [{"name": "path", "in": "path", "required": true, "description": "The file's path below __files; may contain /", "schema": {"type": "string"}}], "responses": {"200": {"description": "Done"}, "400": {"description": "The path leaves __files", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/message-mappings": {
   "get": {"summary": "Lists the message stubs (WireMock 4) in precedence order, paged by limit and offset", "responses": {"200": {"description": "The message stubs", "content": {"application/json": {"schema": {"type": "object", "properties": {"messageMappings": {"type": "array", "items": {"type": "object"}}, "meta": {"type": "object"}}}}}}, "400": {"description": "A negative limit or offset", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "post": {"summary": "Adds a message stub", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A message stub in WireMock 4's JSON"}}}}, "responses": {"201": {"description": "The stub as stored", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a message stub (the field and the fix are named)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Removes every message stub", "responses": {"200": {"description": "Done", "content": {"application/json": {"schema": {"type": "object"}}}}}}
  },
  "/message-mappings/find-by-metadata": {
   "post": {"summary": "Message stubs whose metadata JSON a string pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A string pattern"}}}}, "responses": {"200": {"description": "The message stubs", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/message-mappings/remove-by-metadata": {
   "post": {"summary": "Removes the message stubs whose metadata JSON a string pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A string pattern"}}}}, "responses": {"200": {"description": "Done", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/message-mappings/{id}": {
   "get": {"summary": "One message stub", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "The stub", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No such stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "put": {"summary": "Replaces a message stub; it becomes the newest of its priority", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A message stub"}}}}, "responses": {"200": {"description": "The stub as stored", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No such stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "422": {"description": "Not a message stub", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Removes a message stub (whether or not it existed)", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "Done", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages": {
   "get": {"summary": "The message journal, newest first: messages sockets received and messages the mock sent", "responses": {"200": {"description": "The events", "content": {"application/json": {"schema": {"type": "object", "properties": {"messageServeEvents": {"type": "array", "items": {"type": "object"}}, "messageJournalDisabled": {"type": "boolean"}}}}}}}},
   "delete": {"summary": "Empties the message journal", "responses": {"200": {"description": "Done", "content": {"application/json": {"schema": {"type": "object"}}}}}}
  },
  "/messages/count": {
   "post": {"summary": "How many journaled messages (received or sent) a message pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A message pattern {channel, body}"}}}}, "responses": {"200": {"description": "The count", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a message pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages/find": {
   "post": {"summary": "The journaled messages a message pattern matches, oldest first", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A message pattern {channel, body}"}}}}, "responses": {"200": {"description": "The events", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a message pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages/remove": {
   "post": {"summary": "Removes the journaled messages a message pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A message pattern {channel, body}"}}}}, "responses": {"200": {"description": "The removed events", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a message pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages/remove-by-metadata": {
   "post": {"summary": "Removes the journaled messages whose stub's metadata JSON a string pattern matches", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "A string pattern"}}}}, "responses": {"200": {"description": "The removed events", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a pattern", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages/wait": {
   "post": {"summary": "Waits up to timeoutMillis for a message the pattern matches; the newest such event, or null", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "{pattern, timeoutMillis}"}}}}, "responses": {"200": {"description": "The event, or null", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a wait request", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages/wait-for-count": {
   "post": {"summary": "Waits up to timeoutMillis for count messages the pattern matches; the newest count of them (fewer on a timeout)", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "{pattern, timeoutMillis, count}"}}}}, "responses": {"200": {"description": "The events", "content": {"application/json": {"schema": {"type": "object"}}}}, "422": {"description": "Not a wait request", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/messages/{id}": {
   "get": {"summary": "One journaled message, or null", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "The event, or null", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Removes one journaled message", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "Done", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/channels": {
   "get": {"summary": "The open WebSockets and the requests that opened them", "responses": {"200": {"description": "The channels", "content": {"application/json": {"schema": {"type": "object", "properties": {"channels": {"type": "array", "items": {"type": "object"}}, "meta": {"type": "object"}}}}}}}}
  },
  "/channels/send": {
   "post": {"summary": "Sends a message to every open WebSocket whose opening request matches initiatingRequest", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "description": "{type: websocket, initiatingRequest, message: {body}}"}}}}, "responses": {"200": {"description": "The channels messaged", "content": {"application/json": {"schema": {"type": "object", "properties": {"channels": {"type": "array", "items": {"type": "object"}}, "channelsMessaged": {"type": "integer"}}}}}}, "422": {"description": "A missing message or initiatingRequest, or a fixed channel", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/channels/{id}": {
   "get": {"summary": "One open WebSocket", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "The channel", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No such open channel", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}},
   "delete": {"summary": "Closes a WebSocket (1000, Closed by server)", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "Done", "content": {"application/json": {"schema": {"type": "object"}}}}, "400": {"description": "Not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  },
  "/docs/swagger": {
   "get": {"summary": "This document", "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object"}}}}}}
  },
  "/docs": {
   "get": {"summary": "A page linking to this document", "responses": {"200": {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}}}}
  },
  "/dashboard": {
   "get": {"summary": "Understudy's dashboard: a self-contained page showing the server's traffic live, stubs with hit counts, scenarios and namespaces; with an admin token, open it as /__admin/dashboard?token=...", "parameters": [{"name": "token", "in": "query", "required": false, "description": "The admin token (accepted here only, since a browser cannot send a header when opening a page)", "schema": {"type": "string"}}], "responses": {"200": {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}}, "401": {"description": "A form asking for the admin token", "content": {"text/html": {"schema": {"type": "string"}}}}}}
  },
  "/dashboard/events": {
   "get": {"summary": "Server-sent events: the journal's recent requests, then each request served (event 'request', data a ServeEvent with namespace, timing.totalTime and, when unmatched, nearMisses and nearMissReport), and 'dropped' with a count when the reader fell behind", "responses": {"200": {"description": "An event stream that stays open", "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}
  },
  "/dashboard/state": {
   "get": {"summary": "The stubs with their hit counts, the scenarios and the namespaces seen", "responses": {"200": {"description": "The state", "content": {"application/json": {"schema": {"type": "object", "properties": {"stubs": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "namespace": {"type": "string"}, "request": {"$ref": "#/components/schemas/RequestPattern"}, "hits": {"type": "integer"}, "scenarioName": {"type": "string"}}}}, "scenarios": {"type": "array", "items": {"type": "object"}}, "namespaces": {"type": "array", "items": {"type": "string"}}}}}}}}}
  },
  "/dashboard/stub-suggestion/{id}": {
   "get": {"summary": "A stub for a journaled request: its method, path and query parameters answered 200 with {}, as mapping JSON (for POST /mappings) and as Swift", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}], "responses": {"200": {"description": "The suggestion", "content": {"application/json": {"schema": {"type": "object", "properties": {"mapping": {"$ref": "#/components/schemas/StubMapping"}, "swift": {"type": "string"}}}}}}, "400": {"description": "id is not a UUID", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}, "404": {"description": "No request with that id in the journal", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}
  }
 }
}
"""#
}
