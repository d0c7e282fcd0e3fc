import Testing
import UnderstudyTestSupport

/// Every test against a real PostgreSQL, one at a time. The store's calls block their thread
/// for a round trip, and a test calls them from a task: several such tests at once would hold
/// Swift concurrency's few threads (two, on two cores) and stall the rest of the suite.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable || PostgresCluster.isRequired, "PostgreSQL is not installed"))
struct PostgresTests {}
