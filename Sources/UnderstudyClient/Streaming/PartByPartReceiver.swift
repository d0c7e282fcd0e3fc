/// A task delegate that takes a body part by part as it arrives (`UnderstudyClient`'s
/// `URLSession.stream(for:)` sets one on its data task). On Linux, swift-corelibs-foundation
/// keeps only the last `didLoad` chunk for async and completion-handler APIs, so the mock's
/// `URLProtocol` delivers a timed body in one piece unless the task's delegate is one of these.
package protocol PartByPartReceiver: AnyObject {}
