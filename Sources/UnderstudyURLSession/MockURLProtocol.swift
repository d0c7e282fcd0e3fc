import Foundation
import Understudy
import UnderstudyInProcess
import UnderstudySupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLProtocol` of one mock's sessions: it claims every request, so nothing reaches the
/// network, and answers from the mock (``ProtocolRouter`` says which mock, by class).
///
/// swift-corelibs-foundation limits, measured on Swift 6.3.1 Linux, and what this class does:
/// a delegate-based data task sees each `didLoad` at its time, but async and
/// completion-handler APIs keep only the last one; so a timed body (a stream, a dribbled body)
/// is delivered one `didLoad` per part, at its time, to a task whose delegate is a
/// ``PartByPartReceiver`` (`UnderstudyClient`'s `URLSession.stream(for:)` sets one), and in
/// one `didLoad` once every part has been waited to any other task. Apple platforms get one
/// `didLoad` per part always. A stream's fault ending fails the task with the fault's
/// `URLError` after its parts; a held-open response waits until the task is cancelled or its
/// cap passes. Upload-task bodies are invisible, so such requests fail with an error pointing to the
/// loopback server; redirects are not followed here (`wasRedirectedTo` traps).
final class MockURLProtocol<Slot: ProtocolSlot>: URLProtocol {
    private let loading = Locked<Task<Void, Never>?>(nil)
    /// Set by `stopLoading`; after it, Foundation must hear nothing more about this request
    /// (corelibs Foundation traps when a cancelled task gets a callback).
    private let gate = CallbackGate()

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let mock = ProtocolRouter.shared.mock(for: Self.self) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cancelled, userInfo: [
                NSLocalizedDescriptionKey: "The HTTPMock behind this URLSession no longer exists; keep the mock alive while its session is used.",
            ]))
            return
        }
        let recorded = RecordedRequest(request, id: mock.makeRequestID())
        if task is URLSessionUploadTask, recorded.body.isEmpty {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL, userInfo: [
                NSLocalizedDescriptionKey: "This platform hides upload-task bodies from URLProtocol, so the mock cannot see what was sent. Set the body on the URLRequest (httpBody) and use data(for:), or test uploads against the loopback server (withMockServer).",
            ]))
            return
        }
        let loader = Loader(urlProtocol: self, gate: gate)
        let url = request.url
        #if canImport(FoundationNetworking)
        // Only a task that takes the body part by part may get several `didLoad`s here.
        let partByPart = self.task?.delegate is any PartByPartReceiver
        #else
        let partByPart = true
        #endif
        let task = Task {
            do {
                let answer = try await mock.answer(recorded, url: url)
                loader.receive(answer.response)
                if partByPart {
                    try await answer.deliver { loader.load($0) }
                } else {
                    let data = try await answer.collect()
                    if !data.isEmpty { loader.load(data) }
                }
                loader.finish()
            } catch is CancellationError {
                loader.fail(URLError(.cancelled))
            } catch let error as UnmatchedRequestError {
                loader.fail(URLError(.fileDoesNotExist, userInfo: [
                    NSLocalizedDescriptionKey: error.description, NSUnderlyingErrorKey: error,
                ]))
            } catch {
                loader.fail(error)
            }
        }
        loading.withLock { $0 = task }
    }

    override func stopLoading() {
        gate.close()
        loading.withLock { $0 }?.cancel()
    }
}

/// Reports a result to Foundation from the task that computed it.
///
/// `@unchecked Sendable` is safe: it only calls the `URLProtocolClient` methods, which
/// Foundation lets a protocol call from any thread, in order from one task per request, and
/// never touches the protocol's own state.
private struct Loader: @unchecked Sendable {
    let urlProtocol: URLProtocol
    let gate: CallbackGate

    func receive(_ response: HTTPURLResponse) {
        gate.ifOpen { urlProtocol.client?.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed) }
    }

    func load(_ data: Data) {
        gate.ifOpen { urlProtocol.client?.urlProtocol(urlProtocol, didLoad: data) }
    }

    func finish() {
        gate.ifOpen { urlProtocol.client?.urlProtocolDidFinishLoading(urlProtocol) }
    }

    func fail(_ error: any Error) {
        gate.ifOpen { urlProtocol.client?.urlProtocol(urlProtocol, didFailWithError: error) }
    }
}

/// Lets callbacks through until `close()`; a callback in progress finishes before `close()`
/// returns, so none can start after it.
///
/// `@unchecked Sendable` is safe: `open` is only read and written while `lock` is held. The
/// lock is recursive because Foundation may call `stopLoading` from inside a callback.
final class CallbackGate: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var open = true

    func close() {
        lock.lock()
        open = false
        lock.unlock()
    }

    func ifOpen(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard open else { return }
        body()
    }
}
