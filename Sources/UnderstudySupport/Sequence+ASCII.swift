extension Sequence<UInt8> {
    /// Whether every byte is ASCII: UTF-8 text where a byte is a character, so that it can be
    /// split and compared byte by byte. Public and inlinable (this target is no product): the
    /// serving path asks it of every request's path.
    @inlinable
    public var isASCII: Bool { allSatisfy { $0 < 0x80 } }
}
