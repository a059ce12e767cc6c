import Testing

@testable import LinkRouterHTTP

/// The method read from libmicrohttpd's C string is the one its text names.
@Suite struct HTTPMethodTests {
    @Test(arguments: ["GET", "POST", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "BREW", "get", "POSTS", "PO", ""])
    func aCStringNamesTheSameMethodAsItsText(_ name: String) {
        let method = name.withCString { HTTPMethod(cString: $0) }
        #expect(method == HTTPMethod(name))
        #expect(method.name == name)
    }
}
