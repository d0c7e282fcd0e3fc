import ArgumentParser
import Foundation
import UnderstudyTLS

/// `understudy ca`: the certificate authority behind `serve --https-port`.
struct CACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Export understudy's certificate authority, or issue a client certificate from it.",
        discussion: "The authority is made on first use and kept in --ca-dir. Trust it on a simulator with `understudy ca export --output ca.pem && xcrun simctl keychain booted add-root-cert ca.pem`.",
        subcommands: [ExportCommand.self, ClientCertCommand.self]
    )

    /// `understudy ca export`.
    struct ExportCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the authority's certificate (PEM or DER) to standard output or a file."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case pem, der
        }

        @Option(name: .long, help: "pem or der.")
        var format: Format = .pem

        @Option(name: .long, help: "The file to write; standard output when left out.")
        var output: String?

        @OptionGroup var authority: CertificateAuthorityOptions

        func run() async throws {
            let ca = try authority.store.loadOrCreate()
            let bytes = format == .pem ? Data(ca.certificatePEM.utf8) : ca.certificateDER
            if let output {
                do {
                    try bytes.write(to: URL(fileURLWithPath: output))
                } catch {
                    throw CLIError("cannot write \(output): \(error.localizedDescription)")
                }
            } else {
                FileHandle.standardOutput.write(bytes)
            }
        }
    }

    /// `understudy ca client-cert`.
    struct ClientCertCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "client-cert",
            abstract: "Issue a client certificate for `serve --https-require-client-cert` (PEM certificate and key files)."
        )

        @Option(name: .long, help: "The certificate file to write.")
        var certOut: String

        @Option(name: .long, help: "The private key file to write (readable by its owner only).")
        var keyOut: String

        @Option(name: .long, help: "The client's name in the certificate.")
        var name: String = "Understudy Test Client"

        @OptionGroup var authority: CertificateAuthorityOptions

        func run() async throws {
            let identity = try authority.store.loadOrCreate().issueClientIdentity(name: name)
            guard FileManager.default.createFile(atPath: keyOut, contents: Data(try identity.privateKeyPEM.utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw CLIError("cannot write \(keyOut)")
            }
            do {
                try Data(identity.certificateChainPEM.utf8).write(to: URL(fileURLWithPath: certOut))
            } catch {
                throw CLIError("cannot write \(certOut): \(error.localizedDescription)")
            }
        }
    }
}
