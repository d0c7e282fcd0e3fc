import Foundation
import NIOCore
public import NIOSSL

extension PublicKeyPin {
    /// A NIOSSL verification callback (`NIOSSLClientHandler(context:serverHostname:customVerificationCallback:)`)
    /// that accepts a server only when a certificate of its chain has one of `pins`. Like
    /// pinning code on devices it replaces chain verification: the pin alone decides.
    public static func verificationCallback(pins: Set<String>) -> NIOSSLCustomVerificationCallback {
        { certificates, promise in
            let chain = certificates.compactMap { try? Data($0.toDERBytes()) }
            promise.succeed(matches(chainDER: chain, pins: pins) ? .certificateVerified : .failed)
        }
    }
}
