/// Type-level binary numbers: `MockURLProtocol<Bit1<Bit0<SlotRoot>>>` is a class of its own,
/// different from every other slot's. This is how each mock gets a distinct `URLProtocol`
/// class at run time without Objective-C runtime calls (which Linux lacks).
protocol ProtocolSlot {}

/// Slot 0.
enum SlotRoot: ProtocolSlot {}
/// A binary digit 0 in front of the slot `Rest`.
enum Bit0<Rest: ProtocolSlot>: ProtocolSlot {}
/// A binary digit 1 in front of the slot `Rest`.
enum Bit1<Rest: ProtocolSlot>: ProtocolSlot {}

/// The protocol class for slot `number`; recursion depth is the number of binary digits.
func protocolClass(forSlot number: Int) -> AnyClass {
    protocolClass(number, SlotRoot.self)
}

private func protocolClass<Slot: ProtocolSlot>(_ remaining: Int, _ slot: Slot.Type) -> AnyClass {
    if remaining == 0 { return MockURLProtocol<Slot>.self }
    return remaining & 1 == 0
        ? protocolClass(remaining >> 1, Bit0<Slot>.self)
        : protocolClass(remaining >> 1, Bit1<Slot>.self)
}
