extension String {
    /// The text without leading and trailing whitespace (newlines included), without Foundation.
    package func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
