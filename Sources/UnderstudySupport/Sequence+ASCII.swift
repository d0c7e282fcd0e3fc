extension Sequence<UInt8> {
    /// Whether every byte is ASCII: UTF-8 text where a byte is a character, so that it can be
    /// split and compared byte by byte. Public and inlinable (this target is no product): the
    /// serving path asks it of every request's path.
    @inlinable
    public var isASCII: Bool { allSatisfy { $0 < 0x80 } }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, by OR-ing all of them: no branch per byte, so the compiler
    /// can take several bytes at a time (a byte-wise `allSatisfy` costs ~18 instructions a byte).
    @inlinable
    public var isASCII: Bool { reduce(0, |) < 0x80 }
}

extension String.UTF8View {
    /// Whether every byte is ASCII, over the string's contiguous storage when it has some (a
    /// native or small string), byte by byte otherwise.
    @inlinable
    public var isASCII: Bool {
        withContiguousStorageIfAvailable { $0.isASCII } ?? allSatisfy { $0 < 0x80 }
    }
}
