public import Understudy

extension HTTPMock {
    /// A mock whose stubs, scenario states, call counts and journal live in a PostgreSQL
    /// store that other instances share (see ``PostgresStateStore``). The store's journal
    /// capacity, not `configuration.journalCapacity`, bounds the shared journal.
    /// ```swift
    /// let mock = HTTPMock(sharing: try PostgresStateStore(url: "postgres://understudy@localhost/mocks"))
    /// ```
    public convenience init(configuration: Configuration = Configuration(), sharing store: PostgresStateStore) {
        self.init(configuration: configuration, store: store)
    }
}
