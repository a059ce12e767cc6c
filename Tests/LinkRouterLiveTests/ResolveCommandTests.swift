import Testing

/// `linkrouterd resolve` run as a user runs it: its NAME=VALUE options are checked before anything
/// is resolved.
@Suite struct ResolveCommandTests {
    @Test func typedAttributesReachTheInterceptors() async throws {
        let (exit, output) = try await runLinkrouterd(["resolve", "shop://cart", "--attr", "signed_in=true"])
        #expect(exit == .code(0), "\(output)")
        #expect(output.contains(#""status":"navigated""#), "\(output)")
    }

    @Test(arguments: [["--attr", "signed_in"], ["--attr", "=true"], ["--header", "X-App-Version"]])
    func anOptionWithoutNameAndValueIsAUsageError(_ option: [String]) async throws {
        let (exit, output) = try await runLinkrouterd(["resolve", "shop://cart"] + option)
        #expect(exit == .code(64), "\(output)")
        #expect(output.contains("takes NAME=VALUE"), "\(output)")
    }
}
