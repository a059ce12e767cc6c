import Testing

@testable import LinkRouter

@Suite struct AccessLogRedactionTests {
    static let cases: [(path: String, logged: String)] = [
        ("/v1/sessions/abc", "/v1/sessions/-"),
        ("/v1/sessions/abc/navigate", "/v1/sessions/-/navigate"),
        ("/v1/sessions/abc/pop-to-root", "/v1/sessions/-/pop-to-root"),
        ("/v1/sessions/abc/flows/sign_in/complete", "/v1/sessions/-/flows/sign_in/complete"),
        ("/v1/sessions//abc/navigate", "/v1/sessions//-/navigate"),
        ("/v1/sessions/abc/def", "/v1/sessions/-/-"),
        ("/v1/sessions/abc/navigate/def", "/v1/sessions/-/navigate/-"),
        ("/v1/sessions/navigate/abc", "/v1/sessions/-/-"),
        ("/v1/sessions/abc/x/flows/def", "/v1/sessions/-/-/flows/-"),
        ("/v1/sessions/", "/v1/sessions/"),
        ("/v1/sessions", "/v1/sessions"),
        ("/v1/routes", "/v1/routes"),
        ("/a b\n", "/a%20b%0A"),
        ("/v1/sessions/abc/navigate\r\nX", "/v1/sessions/-/-"),
    ]

    @Test(arguments: cases)
    func redactsEverySegmentThatCouldBeAnID(_ path: String, _ logged: String) {
        var line: [UInt8] = []
        AccessLog.appendRedacted(path, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == logged)
    }
}
