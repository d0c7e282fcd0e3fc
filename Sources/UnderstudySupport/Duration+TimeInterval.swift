extension Duration {
    /// The duration in seconds, as Dispatch and Foundation take it.
    package var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
