import LinkRouterHTTP
import Testing

@testable import LinkRouter

@Suite struct HeaderDictionaryTests {
    @Test(arguments: [
        ("X-App-Version", "x-app-version"), ("content-type", "content-type"), ("ÄB-C", "Äb-c"), ("", ""),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "abcdefghijklmnopqrstuvwxyz0123456789"),
    ])
    func lowercasesASCIILettersOnly(_ name: String, _ expected: String) {
        #expect(HTTPRequest.asciiLowercased(name) == expected)
    }

    @Test func namesAreLowercasedAndTheLastRepeatWins() {
        var headers = HTTPHeaders()
        headers.add("X-App-Version", "1.0.0")
        headers.add("x-app-version", "2.0.0")
        headers.add("Authorization", "Bearer t")
        let request = HTTPRequest(method: .post, path: "/", headers: headers)
        #expect(request.headerDictionary == ["x-app-version": "2.0.0", "authorization": "Bearer t"])
    }
}
