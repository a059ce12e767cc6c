import LinkRouting
import Testing

@testable import LinkNavigation

/// A link lent as bytes may only go through `navigate(_:in:into:)`, whose caller renders and drops
/// the outcome while it still holds the bytes; the public entry points return the outcome (its match
/// would lend them past the call), and lent bytes must be UTF-8. Debug builds check both, and stop.
@Suite struct LentLinkContractTests {
    /// A request for the link in `buffer`, lent.
    static func request(lending buffer: UnsafeMutableBufferPointer<UInt8>) -> Navigator.Request {
        Navigator.Request(
            link: LinkText(lending: UnsafeBufferPointer(buffer)),
            strategy: nil,
            via: [],
            lowercasedHeaders: [:]
        )
    }

    #if DEBUG
    @Test func aLentLinkThroughTheReturningNavigateStops() async {
        await #expect(processExitsWith: .failure) {
            let navigator = try shopNavigator()
            var bytes = Array("shop://product/42".utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let request = Self.request(lending: buffer)
                _ = try? navigator.navigate(request, session: Session(id: "s"))
            }
        }
    }

    @Test func aLentLinkThroughTheInPlaceNavigateStops() async {
        await #expect(processExitsWith: .failure) {
            let navigator = try shopNavigator()
            var bytes = Array("shop://product/42".utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let request = Self.request(lending: buffer)
                var session = Session(id: "s")
                _ = try? navigator.navigate(request, in: &session)
            }
        }
    }

    @Test func lentBytesThatAreNotUTF8Stop() async {
        await #expect(processExitsWith: .failure) {
            var bytes: [UInt8] = Array("shop://product/".utf8) + [0xFF]
            bytes.withUnsafeMutableBufferPointer { buffer in
                _ = LinkText(lending: UnsafeBufferPointer(buffer))
            }
        }
    }
    #endif

    /// The same link as a string goes through both public entry points and lands where a lent one
    /// would through the package one.
    @Test func anOwnedLinkGoesThroughThePublicEntryPoints() throws {
        let navigator = try shopNavigator()
        let request = Navigator.Request(url: "shop://product/42")
        let byValue = try navigator.navigate(request, session: Session(id: "s"))
        var session = Session(id: "s")
        let inPlace = try navigator.navigate(request, in: &session)
        #expect(byValue.url == "shop://product/42")
        #expect(inPlace.url == "shop://product/42")
        #expect(byValue.session.stack.map(\.screen) == inPlace.session.stack.map(\.screen))
        var bytes = Array("shop://product/42".utf8)
        var lentSession = Session(id: "s")
        try bytes.withUnsafeMutableBufferPointer { buffer in
            let lent = Self.request(lending: buffer)
            try withUnsafeTemporaryAllocation(of: NavigationOutcome.self, capacity: 1) { space in
                let outcome = try #require(space.baseAddress)
                try navigator.navigate(lent, in: &lentSession, into: outcome)
                #expect(outcome.pointee.url == "shop://product/42")
                outcome.deinitialize(count: 1)
            }
        }
        #expect(lentSession.stack.map(\.screen) == session.stack.map(\.screen))
    }
}
