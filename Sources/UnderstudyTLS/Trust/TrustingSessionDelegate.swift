public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
#if canImport(Security)
import Security
#endif

/// A `URLSessionDelegate` for one session that trusts one certificate authority (the mock
/// server's) and, when given pins, also requires one of them: hand it to
/// `URLSession(configuration:delegate:delegateQueue:)`. No other session and no system trust
/// store is affected.
///
/// On Apple platforms it anchors the authority with `SecTrustSetAnchorCertificates` (anchors
/// only) and evaluates with `SecTrustEvaluateWithError`. swift-corelibs-foundation (Linux)
/// never asks a delegate about server trust (libcurl verifies against the system store), so
/// there it cannot make a session trust the authority; use AsyncHTTPClient with
/// ``TLSIdentity/clientTLSConfiguration(presenting:)`` on Linux.
public final class TrustingSessionDelegate: NSObject, URLSessionDelegate, Sendable {
    private let authorityDER: Data
    private let pins: Set<String>

    /// Trusts the authority of `identity`.
    /// - Parameters:
    ///   - identity: the mock server's `MockServer.tlsIdentity`, whose authority is the only anchor.
    ///   - pins: public-key pins one of which the server's chain must carry; none by default.
    public init(trusting identity: TLSIdentity, pins: Set<String> = []) {
        self.authorityDER = Data(identity.trustAnchorBytes)
        self.pins = pins
    }

    #if canImport(Security)
    public func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                           completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let trust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        guard evaluate(trust) else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        completionHandler(.useCredential, URLCredential(trust: trust))
    }

    private func evaluate(_ trust: SecTrust) -> Bool {
        guard let anchor = SecCertificateCreateWithData(nil, authorityDER as CFData) else { return false }
        SecTrustSetAnchorCertificates(trust, [anchor] as CFArray)
        SecTrustSetAnchorCertificatesOnly(trust, true)
        guard SecTrustEvaluateWithError(trust, nil) else { return false }
        guard !pins.isEmpty else { return true }
        let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
        return PublicKeyPin.matches(chainDER: chain.map { SecCertificateCopyData($0) as Data }, pins: pins)
    }
    #endif
}
