import Testing

@testable import LinkRouting

/// A link matched where its bytes lie (``LinkText/init(lending:)``): the same match as its string
/// gives, reading the lent bytes until it is made to own them.
@Suite struct LentLinkMatchTests {
    static func table() throws -> RouteTable {
        try makeTable(
            [("item", "/items/{id:int}/{slug}"), ("home", "/")],
            query: ["item": [try QueryParam("ref", "string?")]]
        )
    }

    @Test func aLentLinkMatchesAsItsString() throws {
        let table = try Self.table()
        for url in ["shop://items/42/blue-shoes?ref=mail", "https://shop.example.com/items/7/caf%C3%A9", "shop://"] {
            let owned = try #require(try table.match(url))
            var bytes = Array(url.utf8)
            try bytes.withUnsafeMutableBufferPointer { buffer in
                let lent = try #require(try table.match(LinkText(lending: UnsafeBufferPointer(buffer))))
                #expect(lent.route.name == owned.route.name)
                #expect(lent.summary == owned.summary)
                #expect(lent.url == url)
                var text: [UInt8] = []
                lent.withURLUTF8 { text = Array($0) }
                #expect(text == Array(url.utf8))
            }
        }
        #expect(try table.match(LinkText("shop://nowhere/at/all")) == nil)
    }

    /// Lent and owned are told apart by the count, not the start: an empty lent buffer without a
    /// base address is still lent, and an owned link reads its string.
    @Test func emptyLentBytesAreLentAndOwnedTextIsOwned() throws {
        let empty = LinkText(lending: UnsafeBufferPointer(start: nil, count: 0))
        #expect(empty.isLent)
        #expect(empty.string == "")
        #expect(empty.withUTF8 { $0.count } == 0)
        let owned = LinkText("shop://items/1/a")
        #expect(!owned.isLent)
        #expect(owned.string == "shop://items/1/a")
        #expect(owned.withUTF8 { Array($0) } == Array("shop://items/1/a".utf8))
        let table = try Self.table()
        #expect(throws: MalformedURLError.self) { try table.match(empty) }
    }

    @Test func anOwnedMatchNoLongerReadsTheLentBytes() throws {
        let table = try Self.table()
        let url = "shop://items/42/blue-shoes?ref=mail"
        var bytes = Array(url.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            let lent = try #require(try table.match(LinkText(lending: UnsafeBufferPointer(buffer))))
            var owned = lent
            owned.ownURL()
            // The lender writes over its bytes: the lent match reads them, the owned one does not.
            for i in buffer.indices where buffer[i] == UInt8(ascii: "4") { buffer[i] = UInt8(ascii: "5") }
            #expect(lent.url == "shop://items/52/blue-shoes?ref=mail")
            #expect(owned.url == url)
            #expect(owned.summary == (try table.match(url))?.summary)
            #expect(owned.summary.first == "id=42")
        }
    }
}
