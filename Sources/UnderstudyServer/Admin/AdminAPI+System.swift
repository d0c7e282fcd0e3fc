import UnderstudyNetworkProfiles
import Foundation
import Understudy

extension AdminAPI {
    /// `POST /reset`: removes every stub, journal entry and scenario state, then loads the
    /// root folder's mappings again when the mock has a root (WireMock's reset to defaults).
    /// When the root's mappings cannot be read, nothing changes and the answer is 422.
    func resetAll() throws(AdminError) -> ResponseDefinition {
        // A namespace's reset drops the namespace; the root's mappings are global and stay.
        let defaults = mock.namespace == nil ? try rootMappings() : []
        mock.reset()
        mock.stub(defaults.reversed())
        return AdminResponse.ok
    }

    /// `POST /mappings/reset`: the same as `POST /reset`, as in WireMock 3.
    func resetToRootMappings() throws(AdminError) -> ResponseDefinition {
        try resetAll()
    }

    /// The mappings of the root folder, empty without a root.
    private func rootMappings() throws(AdminError) -> [StubMapping] {
        guard let root = mock.configuration.root else { return [] }
        do {
            return try root.loadMappings(extensions: mock.serverMappingExtensions)
        } catch {
            throw AdminError(status: 422, code: 10, pointer: nil, title: "Cannot reload the mappings of \(root.url.path); nothing was reset",
                             detail: error.description)
        }
    }

    /// `GET /settings`: `{"settings": {...}}` as last stored.
    func getSettings() -> ResponseDefinition {
        AdminResponse.json(["settings": .object(state.settings)])
    }

    /// `POST` or `PUT /settings`: replaces the settings with the body (`{"fixedDelay": 100,
    /// "extended": {...}}` or the same wrapped in `{"settings": ...}`) and answers with them.
    /// `fixedDelay` and `delayDistribution` become the mock's ``HTTPMock/globalDelays``, which
    /// every response without delays of its own waits, and `networkProfile` (an Understudy
    /// extension) its ``HTTPMock/networkProfile`` (the configured one when absent); a bad value or an unknown key changes
    /// nothing (WireMock's Jackson refuses unknown keys too). `proxyPassThrough` is stored
    /// only: in WireMock it decides whether unmatched requests are forwarded when browser
    /// proxying is on, and Understudy has no browser proxying, so unmatched requests get a
    /// 404 whatever its value, as in WireMock without `--enable-browser-proxying`.
    func replaceSettings(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let settings = try settingsBody(request)
        let delays = try Self.delays(in: settings)
        let profile = try Self.networkProfile(in: settings)
        let stored = state.replaceSettings(settings)
        mock.globalDelays = delays
        mock.networkProfile = profile ?? mock.configuration.networkProfile
        mock.shareSettings(stored)
        return AdminResponse.json(.object(stored))
    }

    /// `PATCH /settings`: merges the body's members into the stored settings.
    func patchSettings(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let patch = try settingsBody(request)
        let apply = { (settings: inout JSONObject) in
            for member in patch { settings[member.key] = member.value == .null ? JSONValue?.none : member.value }
        }
        var candidate = state.settings
        apply(&candidate)
        let delays = try Self.delays(in: candidate)
        let profile = try Self.networkProfile(in: candidate)
        let merged = state.update(apply)
        mock.globalDelays = delays
        mock.networkProfile = profile ?? mock.configuration.networkProfile
        mock.shareSettings(merged)
        return AdminResponse.json(.object(merged))
    }

    static func delays(in settings: JSONObject) throws(AdminError) -> GlobalDelays {
        do {
            return try GlobalDelays(wireMockSettings: settings)
        } catch {
            throw .invalidInput(error)
        }
    }

    /// The settings' `networkProfile` (an Understudy extension: a preset's name or a profile
    /// object, as a stub's); `nil` when absent, and the mock's configured profile then applies.
    static func networkProfile(in settings: JSONObject) throws(AdminError) -> NetworkProfile? {
        do {
            return try NetworkProfile(wireMockSettings: settings)
        } catch {
            throw .invalidInput(error)
        }
    }

    /// `PATCH /settings/extended` with `{"extended": {...}}`: merges into `extended`.
    func patchExtendedSettings(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let body = try jsonBody(request)
        guard case .object(let extended)? = body["extended"] else {
            throw .invalidInput(pointer: "/extended", "the body is {\"extended\": {...}}")
        }
        let merged = state.update { settings in
            var current = settings["extended"]?.objectValue ?? [:]
            for member in extended { current[member.key] = member.value }
            settings["extended"] = .object(current)
        }
        mock.shareSettings(merged)
        return AdminResponse.emptyJSON
    }

    private func settingsBody(_ request: RecordedRequest) throws(AdminError) -> JSONObject {
        let body = try jsonBody(request)
        guard case .object(var settings) = body else {
            throw .invalidInput("settings are an object such as {\"fixedDelay\": 100}")
        }
        if case .object(let wrapped)? = settings["settings"] { settings = wrapped }
        let known: Set<String> = ["fixedDelay", "delayDistribution", "extended", "proxyPassThrough", "networkProfile"]
        for member in settings where !known.contains(member.key) {
            throw .invalidInput(pointer: "/\(member.key)", "unknown setting \"\(member.key)\"; known settings: fixedDelay, delayDistribution, extended, proxyPassThrough, networkProfile (an Understudy extension)")
        }
        if let delay = settings["fixedDelay"], delay != .null, delay.intValue == nil {
            throw .invalidInput(pointer: "/fixedDelay", "fixedDelay is a whole number of milliseconds")
        }
        if let passThrough = settings["proxyPassThrough"], passThrough != .null, passThrough.boolValue == nil {
            throw .invalidInput(pointer: "/proxyPassThrough", "proxyPassThrough is true or false")
        }
        if let extended = settings["extended"], extended != .null, extended.objectValue == nil {
            throw .invalidInput(pointer: "/extended", "extended is an object")
        }
        return settings
    }

    /// `POST /shutdown`: calls `requestShutdown` and answers 200; the server's shutdown lets
    /// in-flight answers, this one included, finish before closing.
    func shutdown() -> ResponseDefinition {
        requestShutdown()
        return AdminResponse.ok
    }

    /// `GET /health`: `{"status": "healthy", "message": "Wiremock is ok", "version", "uptimeInSeconds", "timestamp"}`.
    func health() -> ResponseDefinition {
        let now = Date()
        var response = AdminResponse.json([
            "status": "healthy",
            "message": "Wiremock is ok",
            "version": .string(Self.wireMockVersion),
            "uptimeInSeconds": .number(JSONNumber(max(0, Int(now.timeIntervalSince(state.startedAt))))),
            "timestamp": .string(RecordedRequest.isoString(now)),
        ])
        response.statusMessage = "Wiremock is ok"
        return response
    }

    /// `GET /version`: `{"version": "3.13.2"}`, or the bare version for `Accept: text/plain`.
    func version(_ request: RecordedRequest) -> ResponseDefinition {
        if request.headers["Accept"]?.contains("text/plain") == true {
            return ResponseDefinition(status: 200, headers: ["Content-Type": "text/plain"], body: .text(Self.wireMockVersion))
        }
        return AdminResponse.json(["version": .string(Self.wireMockVersion)])
    }
}
