import LinkRouting
import Testing

/// The error parsing `pattern` throws, or nil when it parses.
private func patternError(_ pattern: String) -> PatternError? {
    do {
        _ = try URLPattern(parsing: pattern)
        return nil
    } catch {
        return error
    }
}

private func placeholder(_ name: String, _ type: ParamType = .string) -> URLPattern.Element {
    .placeholder(name: name, spec: ParamSpec(type))
}

@Suite struct PatternParsingTests {
    @Test(arguments: [
        ("/", URLPattern.Source.any, [URLPattern.Element]()),
        ("/a/", .any, [.literal("a")]),
        ("/product/{id:int}", .any, [.literal("product"), placeholder("id", .int)]),
        ("/{name}/Edit", .any, [placeholder("name"), .literal("Edit")]),
        ("/caf%C3%A9/a%2Fb/a+b", .any, [.literal("café"), .literal("a/b"), .literal("a+b")]),
        ("/files/{rest:path}", .any, [.literal("files"), placeholder("rest", .path)]),
        ("/a[/{rest:path}]", .any, [.literal("a"), .optional([placeholder("rest", .path)])]),
        ("/a[/b[/c]]", .any, [.literal("a"), .optional([.literal("b"), .optional([.literal("c")])])]),
        ("/a[/b]/c", .any, [.literal("a"), .optional([.literal("b")]), .literal("c")]),
        ("shop://product/{id}", .scheme("shop"), [.literal("product"), placeholder("id")]),
        ("shop:/product", .scheme("shop"), [.literal("product")]),
        ("SHOP://{host}", .scheme("shop"), [placeholder("host")]),
        ("shop://", .scheme("shop"), []),
        (
            "https://shop.example.com/p/{id}", .web(scheme: "https", host: "shop.example.com"),
            [.literal("p"), placeholder("id")]
        ),
        ("http://Shop.Example.com", .web(scheme: "http", host: "shop.example.com"), []),
    ])
    func parsesSourceAndElements(pattern: String, source: URLPattern.Source, elements: [URLPattern.Element]) throws {
        let parsed = try URLPattern(parsing: pattern)
        #expect(parsed.source == source)
        #expect(parsed.elements == elements)
        #expect(parsed.text == pattern)
    }

    @Test(arguments: [
        ("int", ParamType.int), ("uint", .uint), ("float", .float), ("bool", .bool), ("string", .string),
        ("slug", .slug), ("uuid", .uuid), ("date", .date), ("enum(a|b|c)", .enum(["a", "b", "c"])), ("path", .path),
    ])
    func placeholderTakesEveryTypeName(name: String, type: ParamType) throws {
        let parsed = try URLPattern(parsing: "/x/{v:\(name)}")
        #expect(parsed.placeholders.map(\.spec.type) == [type])
        #expect(parsed.placeholders.map(\.name) == ["v"])
    }

    @Test func constraintsBecomePartOfTheSpec() throws {
        let page = try URLPattern(parsing: "/{page:int:min(1):max(99)}").placeholders[0].spec
        #expect(page == (try ParamSpec(type: .int, min: 1, max: 99)))
        let text = try URLPattern(parsing: "/{s:string:min_length(2):max_length(5)}").placeholders[0].spec
        #expect(text == (try ParamSpec(type: .string, minLength: 2, maxLength: 5)))
        let price = try URLPattern(parsing: "/{p:float:min(-1.5)}").placeholders[0].spec
        #expect(price == (try ParamSpec(type: .float, min: -1.5)))
        let rest = try URLPattern(parsing: "/f/{r:path:max_length(9)}").placeholders[0].spec
        #expect(rest == (try ParamSpec(type: .path, maxLength: 9)))
    }

    @Test func placeholdersListNestedOnesInOrder() throws {
        let parsed = try URLPattern(parsing: "/a/{x:int}[/{y}[/{z:bool}]]")
        #expect(parsed.placeholders.map(\.name) == ["x", "y", "z"])
        #expect(parsed.placeholders.map(\.spec.type) == [.int, .string, .bool])
    }

    @Test func queryLiteralsKeepOrderAndFlags() throws {
        let parsed = try URLPattern(parsing: "/open?type=pvp&flag&q=a+b%26")
        #expect(parsed.elements == [.literal("open")])
        #expect(parsed.queryLiterals.map(\.name) == ["type", "flag", "q"])
        #expect(parsed.queryLiterals.map(\.value) == ["pvp", nil, "a b&"])
    }

    @Test func webRootWithQueryLiteral() throws {
        let parsed = try URLPattern(parsing: "https://shop.example.com?tab=all")
        #expect(parsed.source == .web(scheme: "https", host: "shop.example.com"))
        #expect(parsed.elements.isEmpty)
        #expect(parsed.queryLiterals.map(\.name) == ["tab"])
    }

    @Test func eightOptionalGroupsAreAllowedButNotNine() {
        let eight = "/a" + String(repeating: "[/b]", count: 8)
        #expect(patternError(eight) == nil)
        #expect(patternError(eight + "[/c]") != nil)
        let nestedNine = "/a" + String(repeating: "[/b", count: 9) + String(repeating: "]", count: 9)
        #expect(patternError(nestedNine) != nil)
    }

    @Test(arguments: ["/a/{p:path}", "/a[/b][/{p:path}]", "/a[/b[/{p:path}]]"])
    func restPlaceholderMayEndThePattern(pattern: String) {
        #expect(patternError(pattern) == nil)
    }

    @Test(arguments: ["/{p:path}/x", "/a[/{p:path}]/b", "/a[/{p:path}/c]", "/a[/{p:path}][/b]"])
    func restPlaceholderMustBeLast(pattern: String) {
        #expect(patternError(pattern) != nil)
    }

    @Test(arguments: [
        "/{p:int:min(5):max(1)}", "/{s:string:min_length(5):max_length(2)}", "/{p:int:min_length(1)}",
        "/{s:string:min(1)}", "/{b:bool:max(1)}", "/{u:uuid:max_length(3)}", "/{s:slug:min_length(-1)}",
        "/{p:int:min(abc)}", "/{e:enum(a||b)}", "/{e:enum()}", "/{}",
    ])
    func contradictoryOrMalformedPlaceholdersAreRejected(pattern: String) {
        #expect(patternError(pattern) != nil)
    }

    /// Errors whose column points at the offending text.
    @Test(arguments: [
        ("", 1),
        ("/a//b", 4),  // the empty segment between the slashes
        ("/a[/b", 3),  // the unclosed [
        ("/a]", 3),
        ("/a[]", 4),  // where the group's / is missing
        ("/a[b]", 4),
        ("/file.{ext}", 7),  // the {
        ("/{id}.json", 2),
        ("/{1a}", 3),  // the name
        ("/{a-b}", 3),
        ("/x/{id:integer}", 8),  // the type
        ("/{p:int:foo(1)}", 9),  // the constraint
        ("/{p:int:min(1}", 9),
        ("/a/../b", 4),
        ("/a/%2E/b", 4),
        ("/s?a=1&a=2", 8),  // the repeated key
        ("/s?q={q}", 4),
        ("https:/x", 7),
        ("{id}", 1),
    ])
    func errorColumnPointsAtTheProblem(pattern: String, column: Int) {
        #expect(patternError(pattern)?.column == column)
    }

    @Test(arguments: [
        "", "a/b", "/a//b", "/a[/b", "/a[]", "/a[b]", "/file.{ext}", "/{id}.json", "/{1a}", "/{a-b}",
        "/{id:integer}", "/{p:int:foo(1)}", "/{p:int:min(1}", "/{p:path}/x", "/a/../b", "/s?q={q}",
        "/a" + String(repeating: "[/b]", count: 9),
    ])
    func errorsCarryAHint(pattern: String) {
        #expect(patternError(pattern)?.hint != nil)
    }

    @Test(

        arguments: ["/a]", "product", "/s?a=1&a=2", "/{p:int:min(x)}", "/a[/{p:path}]/b"]
    )
    func everyListedErrorCarriesAHint(pattern: String) {
        #expect(patternError(pattern)?.hint != nil)
    }

    @Test
    func laterConstraintColumnPointsAtThatConstraint() {
        #expect(patternError("/{page:int:min(1):foo(2)}")?.column == 19)
        #expect(patternError("/{page:int:min(1):max(x)}")?.column == 19)
    }

    @Test
    func restNotLastColumnPointsAtThePlaceholder() {
        #expect(patternError("/{p:path}/x")?.column == 2)
        #expect(patternError("/a[/{p:path}]/b")?.column == 5)
    }

    @Test
    func missingLeadingSlashPointsAtTheStart() {
        #expect(patternError("product/{id}")?.column == 1)
        #expect(patternError("a/b")?.column == 1)
    }
}
