import Testing
import Understudy
import UnderstudyRecording

/// A recorder used out of order throws an error equal to the documented one, saying how to go on.
struct RecorderErrorTests {
    @Test func misuseThrowsTheNamedErrors() throws {
        let recorder = Recorder(mock: HTTPMock())
        #expect(throws: RecorderError.missingTarget) { try recorder.start(RecordSpec()) }
        #expect(throws: RecorderError.badTarget("ftp://example.com")) { try recorder.start(RecordSpec(targetBaseURL: "ftp://example.com")) }
        #expect(throws: RecorderError.notRecording) { try recorder.stop() }
        try recorder.start(RecordSpec(targetBaseURL: "http://127.0.0.1:1"))
        #expect(throws: RecorderError.alreadyRecording("http://127.0.0.1:1")) { try recorder.start(RecordSpec(targetBaseURL: "http://127.0.0.1:2")) }
    }

    @Test(arguments: [
        (RecorderError.missingTarget,
         #"recording needs a target: give targetBaseUrl, for example {"targetBaseUrl": "https://api.example.com"}"#, true, false),
        (.badTarget("ftp://x"),
         #"cannot record from "ftp://x": targetBaseUrl must be an http or https URL such as https://api.example.com"#, true, false),
        (.alreadyRecording("http://a"),
         "already recording from http://a; stop that recording first (POST /__admin/recordings/stop)", false, true),
        (.notRecording,
         #"no recording is running; start one with POST /__admin/recordings/start and {"targetBaseUrl": "..."}"#, false, true),
        (.cannotWrite(root: "/r", reason: "denied"),
         "the recorded stubs are served but could not be written to /r: denied; check that the folder is writable, then save them with POST /__admin/mappings/save",
         false, false),
    ])
    func descriptionsSayHowToGoOn(error: RecorderError, description: String, isInvalidSpec: Bool, isWrongState: Bool) {
        #expect(error.description == description)
        #expect(error.isInvalidSpec == isInvalidSpec)
        #expect(error.isWrongState == isWrongState)
    }
}
