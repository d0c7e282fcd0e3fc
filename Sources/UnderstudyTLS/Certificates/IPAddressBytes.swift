#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The network-order bytes of an IPv4 or IPv6 address written as text (`127.0.0.1`, `::1`),
/// as a certificate's subject alternative name holds them.
struct IPAddressBytes {
    let bytes: [UInt8]

    /// `nil` when `text` is not an IP address (a host name).
    init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }
}
