import ArgumentParser

/// WireMock 3.13's standalone options that a command line written for WireMock carries and
/// that have no meaning here (`standalone/CommandLineOptions.java` at 3.13.2): each is
/// accepted, and `serve` prints one note per option saying it has no effect and why, so that a
/// docker-compose or CI line switches from WireMock to `understudy serve` unchanged. Those with
/// a meaning here are spelled on the options they mean (`--root-dir` is `--root`,
/// `--bind-address` is `--bind`, `--max-request-journal-entries` is `--journal-capacity`).
/// Options Understudy cannot honour at all (Java extensions, JKS keystores) are refused with
/// what to do instead.
struct WireMockOptions: ParsableArguments {
    @Option(name: .customLong("container-threads"), help: .hidden) var containerThreads: String?
    @Option(name: .customLong("async-response-enabled"), help: .hidden) var asyncResponseEnabled: String?
    @Option(name: .customLong("async-response-threads"), help: .hidden) var asyncResponseThreads: String?
    @Option(name: .customLong("jetty-acceptor-threads"), help: .hidden) var jettyAcceptorThreads: String?
    @Option(name: .customLong("jetty-accept-queue-size"), help: .hidden) var jettyAcceptQueueSize: String?
    @Option(name: .customLong("jetty-header-buffer-size"), help: .hidden) var jettyHeaderBufferSize: String?
    @Option(name: .customLong("jetty-header-request-size"), help: .hidden) var jettyHeaderRequestSize: String?
    @Option(name: .customLong("jetty-header-response-size"), help: .hidden) var jettyHeaderResponseSize: String?
    @Option(name: .customLong("jetty-stop-timeout"), help: .hidden) var jettyStopTimeout: String?
    @Option(name: .customLong("jetty-idle-timeout"), help: .hidden) var jettyIdleTimeout: String?
    @Option(name: .customLong("max-template-cache-entries"), help: .hidden) var maxTemplateCacheEntries: String?
    @Option(name: .customLong("use-chunked-encoding"), help: .hidden) var useChunkedEncoding: String?
    @Option(name: .customLong("webhook-threadpool-size"), help: .hidden) var webhookThreadpoolSize: String?
    @Option(name: .customLong("max-http-client-connections"), help: .hidden) var maxHTTPClientConnections: String?
    @Option(name: .customLong("logged-response-body-size-limit"), help: .hidden) var loggedResponseBodySizeLimit: String?
    @Flag(name: .customLong("disable-gzip"), help: .hidden) var disableGzip = false
    @Flag(name: .customLong("disable-extensions-scanning"), help: .hidden) var disableExtensionsScanning = false
    @Flag(name: .customLong("disable-strict-http-headers"), help: .hidden) var disableStrictHTTPHeaders = false
    @Flag(name: .customLong("disable-connection-reuse"), help: .hidden) var disableConnectionReuse = false
    @Flag(name: .customLong("disable-banner"), help: .hidden) var disableBanner = false
    @Flag(name: .customLong("local-response-templating"), help: .hidden) var localResponseTemplating = false
    @Option(name: .customLong("extensions"), help: .hidden) var extensions: String?
    @Option(name: .customLong("https-keystore"), help: .hidden) var httpsKeystore: String?
    @Option(name: .customLong("https-truststore"), help: .hidden) var httpsTruststore: String?

    /// Refuses what cannot be honoured, saying what to do instead.
    func validate() throws {
        if let extensions {
            throw ValidationError("--extensions \(extensions): WireMock's extensions are Java classes and cannot run here; response templating, webhooks and the GraphQL matcher are built in, and anything else can be a dynamic stub written in Swift")
        }
        if httpsKeystore != nil || httpsTruststore != nil {
            throw ValidationError("--https-keystore and --https-truststore are Java keystores; give the certificate and key as PEM with --https-cert and --https-key (export them with `keytool -exportcert -rfc` and `openssl pkcs12 -nocerts -nodes`), or leave them out and Understudy issues a certificate itself")
        }
    }

    /// One line per option given that has no effect here, saying why.
    var notes: [String] {
        let threads = "Understudy's event loops size themselves to the machine's cores"
        let given: [(String, Bool, String)] = [
            ("--container-threads", containerThreads != nil, threads),
            ("--async-response-enabled", asyncResponseEnabled != nil, "responses are always asynchronous here: delays hold no thread"),
            ("--async-response-threads", asyncResponseThreads != nil, "responses are always asynchronous here: delays hold no thread"),
            ("--jetty-acceptor-threads", jettyAcceptorThreads != nil, threads),
            ("--jetty-accept-queue-size", jettyAcceptQueueSize != nil, "the accept backlog is the system's"),
            ("--jetty-header-buffer-size", jettyHeaderBufferSize != nil, "request heads may be 80 KiB; larger ones get 431"),
            ("--jetty-header-request-size", jettyHeaderRequestSize != nil, "request heads may be 80 KiB; larger ones get 431"),
            ("--jetty-header-response-size", jettyHeaderResponseSize != nil, "response headers are not limited"),
            ("--jetty-stop-timeout", jettyStopTimeout != nil, "shutdown waits for requests in flight"),
            ("--jetty-idle-timeout", jettyIdleTimeout != nil, "idle connections are kept until the client closes them; use --body-timeout for slow bodies"),
            ("--max-template-cache-entries", maxTemplateCacheEntries != nil, "templates are parsed once per stub"),
            ("--use-chunked-encoding", useChunkedEncoding != nil, "bodies of known length are sent with Content-Length, streams chunked"),
            ("--webhook-threadpool-size", webhookThreadpoolSize != nil, "webhooks run as tasks, not on a thread pool"),
            ("--max-http-client-connections", maxHTTPClientConnections != nil, "the proxy's client pools its connections itself"),
            ("--logged-response-body-size-limit", loggedResponseBodySizeLimit != nil, "--verbose shows the first 2 KiB of each body"),
            ("--disable-gzip", disableGzip, "responses are never compressed"),
            ("--disable-extensions-scanning", disableExtensionsScanning, "there are no Java extensions to scan"),
            ("--disable-strict-http-headers", disableStrictHTTPHeaders, "headers are sent as the stub gives them"),
            ("--disable-connection-reuse", disableConnectionReuse, "the proxy's client decides"),
            ("--disable-banner", disableBanner, "there is no banner, only one start-up line"),
            ("--local-response-templating", localResponseTemplating, "it is the default: stubs with the response-template transformer are templated"),
        ]
        return given.filter(\.1).map { "understudy: note: \($0.0) has no effect: \($0.2)" }
    }
}
