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
