import Foundation
import UnderstudyTLS

/// The certificate authority `understudy` keeps on disk (`ca.pem` and `ca-key.pem` in one
/// folder), made on first use: a simulator or device told to trust it once keeps trusting every
/// later `serve --https-port`, each of which issues a fresh server certificate from it.
struct CertificateAuthorityStore {
    /// The folder holding the two files.
    let folder: URL

    /// `--ca-dir`, else `$UNDERSTUDY_CA_DIR`, else `~/.understudy/ca`.
    init(folder: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let path = folder ?? environment["UNDERSTUDY_CA_DIR"], !path.isEmpty {
            self.folder = URL(fileURLWithPath: path)
        } else {
            // NSHomeDirectory(), not `homeDirectoryForCurrentUser`, which iOS, tvOS and watchOS
            // lack: the package's schemes build this target for them too.
            self.folder = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true).appendingPathComponent(".understudy/ca")
        }
    }

    /// The authority's certificate file.
    var certificateFile: URL { folder.appendingPathComponent("ca.pem") }
    /// The authority's private key file (readable by its owner only).
    var keyFile: URL { folder.appendingPathComponent("ca-key.pem") }

    /// Loads the authority, making and saving a new one when the folder holds none.
    func loadOrCreate() throws(CLIError) -> CertificateAuthority {
        let manager = FileManager.default
        let hasCertificate = manager.fileExists(atPath: certificateFile.path)
        let hasKey = manager.fileExists(atPath: keyFile.path)
        if hasCertificate && hasKey {
            do {
                return try CertificateAuthority(certificatePEM: String(contentsOf: certificateFile, encoding: .utf8),
                                                privateKeyPEM: String(contentsOf: keyFile, encoding: .utf8))
            } catch {
                throw CLIError("cannot load the certificate authority from \(folder.path): \(error); delete the folder to make a new one, or pass another --ca-dir")
            }
        }
        if hasCertificate != hasKey {
            throw CLIError("\(folder.path) holds only one of ca.pem and ca-key.pem; delete the folder to make a new authority, or pass another --ca-dir")
        }
        do {
            let authority = try CertificateAuthority.generate()
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard manager.createFile(atPath: keyFile.path, contents: Data(try authority.privateKeyPEM.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw CLIError("cannot write \(keyFile.path)")
            }
            try Data(authority.certificatePEM.utf8).write(to: certificateFile)
            return authority
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("cannot create a certificate authority in \(folder.path): \(error); pass a writable --ca-dir")
        }
    }
}
