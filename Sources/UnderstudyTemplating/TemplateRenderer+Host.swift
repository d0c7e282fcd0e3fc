import Foundation

extension TemplateRenderer {
    static let hostHelperNames: Set<String> = ["hostname"]

    /// WireMock's `HostnameHelper`: the name of the machine serving the response. Read on
    /// every use (no cached global), so a renamed machine answers with its new name.
    func hostHelper(_ name: String, _ arguments: Arguments) -> TemplateValue? {
        switch name {
        case "hostname": .string(ProcessInfo.processInfo.hostName)
        default: nil
        }
    }
}
