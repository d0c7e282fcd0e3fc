import SwiftASN1
import X509

extension Certificate {
    /// The certificate's DER encoding.
    func derEncoded() throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(self)
        return serializer.serializedBytes
    }
}
