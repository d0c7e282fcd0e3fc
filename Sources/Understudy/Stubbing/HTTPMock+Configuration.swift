extension HTTPMock {
    /// Settings fixed when the mock is created.
    public struct Configuration: Sendable {
        /// The most journal entries kept (oldest dropped first); 0 disables the journal.
        public var journalCapacity: Int
        /// How many near misses reports list.
        public var nearMissLimit: Int
        /// The folder whose `__files` serve `bodyFileName` responses, if any. It serves
        /// `__files` only: its `mappings` are not loaded; ``HTTPMock/init(loadingMappingsFrom:configuration:)``
        /// loads them as stubs.
        public var root: MappingsRoot?
        /// Renders every response as a template, not only those that list `response-template`
        /// in `transformers` (WireMock's `--global-response-templating`).
        public var globalTemplating: Bool
        /// Seeds the randomness of templates (`randomValue`, `randomInt`, `pickRandom`...), so
        /// that a test sees the same values on every run; `nil` draws from the system.
        public var templateRandomSeed: UInt64?
        /// Sends the webhooks stubs fire (see ``WebhookDefinition``); `nil` sends them over
        /// the network: the loopback server with its own HTTP client, the in-process
        /// transports with `URLSession`.
        public var webhookSender: (any WebhookSender)?
        /// Receives what became of every webhook; `nil` writes the failures to standard error.
        public var onWebhookOutcome: (@Sendable (WebhookOutcome) -> Void)?
        /// Makes `{{ }}` in templates escape HTML (`<` becomes `&lt;`), as Handlebars does by
        /// default and WireMock's WAR deployment keeps. Off by default, as in standalone and
        /// embedded WireMock (`templateEscapingDisabled`), so `{{base64 'hello'}}` is `aGVsbG8=`.
        /// `{{{ }}}` never escapes.
        public var templateEscaping: Bool
        /// Delays for every response whose stub sets none of its own, from the start (WireMock's
        /// global `fixedDelay` / `delayDistribution` settings); ``HTTPMock/globalDelays`` and
        /// `POST /__admin/settings` change them later.
        public var globalDelays: GlobalDelays
        /// The mock-wide values of answer kinds from outside the core, from the start (a network
        /// profile: `UnderstudyNetworkProfiles`' `Configuration.networkProfile`).
        package var answerDefaults: [AnyAnswerExtension] = []
        /// The answer kinds and custom matchers from outside the core that mapping JSON loaded
        /// by this mock, or sent to its admin API, may use (see ``MappingExtensions``). None by
        /// default; `.understudy` (from `UnderstudyServer`) holds all of Understudy's.
        public var mappingExtensions = MappingExtensions()
        /// What a 404's report tells the reader to do when the mock has no stubs at all. The
        /// default speaks to Swift code (`mock.stub(...)`); a server run from the command line
        /// names its mapping files and admin API instead.
        public var noStubsHint = "Add one with mock.stub(...) or a mapping file."
        /// Settings of features outside the core (`UnderstudyMessaging`'s
        /// `messageActionTransformers`).
        package var extensionSettings = ExtensionSettings()

        /// Creates settings; every one has a default.
        public init(journalCapacity: Int = 10_000, nearMissLimit: Int = 3, root: MappingsRoot? = nil,
                    globalTemplating: Bool = false, templateRandomSeed: UInt64? = nil,
                    webhookSender: (any WebhookSender)? = nil,
                    onWebhookOutcome: (@Sendable (WebhookOutcome) -> Void)? = nil,
                    templateEscaping: Bool = false, globalDelays: GlobalDelays = GlobalDelays(),
                    mappingExtensions: MappingExtensions = MappingExtensions()) {
            self.journalCapacity = journalCapacity
            self.nearMissLimit = nearMissLimit
            self.root = root
            self.globalTemplating = globalTemplating
            self.templateRandomSeed = templateRandomSeed
            self.webhookSender = webhookSender
            self.onWebhookOutcome = onWebhookOutcome
            self.templateEscaping = templateEscaping
            self.globalDelays = globalDelays
            self.mappingExtensions = mappingExtensions
        }
    }
}
