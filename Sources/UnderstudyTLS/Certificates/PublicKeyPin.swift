import Crypto
public import Foundation
import SwiftASN1
import X509

/// Public-key pins: the base64 SHA-256 of a certificate's SubjectPublicKeyInfo.
public enum PublicKeyPin {
    /// The pin of a DER-encoded certificate; `nil` when the bytes are not a certificate.
    public static func of(certificateDER: Data) -> String? {
        guard let certificate = try? Certificate(derEncoded: Array(certificateDER)) else { return nil }
        return of(certificate)
    }

    /// Whether any of `chainDER` (DER-encoded certificates, as a TLS handshake presents them)
    /// has one of `pins`: what a pinning client decides.
    public static func matches(chainDER: [Data], pins: Set<String>) -> Bool {
        chainDER.contains { of(certificateDER: $0).map(pins.contains) ?? false }
    }

    static func of(_ certificate: Certificate) -> String {
        // The whole SubjectPublicKeyInfo (algorithm and key), DER-encoded; a key the library
        // read cannot fail to serialize, but an empty pin would only never match.
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate.publicKey)) != nil else { return "" }
        return Data(SHA256.hash(data: serializer.serializedBytes)).base64EncodedString()
    }
}
