import LinkRouting
import Testing

@testable import LinkNavigation

/// A request keeps its `via` and headers in one box made only when one of them is not empty: what
/// it was given reads back the same either way.
@Suite struct RequestExtrasTests {
    @Test func anEmptyRequestHoldsNoBox() {
        let request = Navigator.Request(url: "shop://product/42")
        #expect(request.extras == nil)
        #expect(request.via.isEmpty)
        #expect(request.headers.isEmpty)
    }

    @Test func viaAloneReadsBack() {
        let request = Navigator.Request(url: "shop://product/42", via: ["cart", "checkout"])
        #expect(request.extras != nil)
        #expect(request.via == ["cart", "checkout"])
        #expect(request.headers.isEmpty)
    }

    @Test func headersAloneReadBackLowercased() {
        let request = Navigator.Request(url: "shop://product/42", headers: ["X-App-Version": "2.1"])
        #expect(request.via.isEmpty)
        #expect(request.headers == ["x-app-version": "2.1"])
    }

    @Test func aLinkWithoutViaOrHeadersIsTheSameRequest() {
        var bytes = Array("shop://product/42".utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            let link = LinkText(lending: UnsafeBufferPointer(buffer))
            let bare = Navigator.Request(link: link, strategy: .push)
            #expect(bare.extras == nil)
            #expect(bare.url == "shop://product/42")
            #expect(bare.strategy == .push)
            #expect(bare.via.isEmpty && bare.headers.isEmpty)
        }
    }

    /// A navigation with `via` still goes through it: the breadcrumb is read from the box.
    @Test func viaStillSteersTheNavigation() throws {
        let navigator = try shopNavigator()
        let session = Session(id: "s", stack: try stack(from: ["home"]), nextEntryNumber: 2)
        let plain = try navigator.navigate(.init(url: "shop://product/5"), session: session)
        let through = try navigator.navigate(.init(url: "shop://product/5", via: ["login"]), session: session)
        #expect(through.session.stack.names == ["home", "login", "product:5"])
        #expect(!plain.session.stack.names.contains("login"))
    }
}
