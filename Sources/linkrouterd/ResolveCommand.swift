import ArgumentParser
import LinkNavigation
import LinkRouter
import LinkRouterHTTP
import LinkRouting

/// `linkrouterd resolve URL`: a dry run, printing the answer JSON of `POST /v1/resolve`.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve one link against a stack without a server; prints the answer JSON (exit 1 when refused)."
    )

    @Argument(help: "The link, e.g. shop://product/42?ref=mail")
    var url: String

    @OptionGroup var options: ConfigOption

    @Option(help: "The starting stack as screen names, bottom first: home,cart")
    var stack: String?

    @Option(
        name: .customLong("attr"),
        help: "A session attribute, NAME=VALUE (true/false and numbers are typed); repeatable."
    )
    var attributes: [String] = []

    @Option(name: .customLong("header"), help: "A request header, NAME=VALUE (e.g. X-App-Version=2.4.0); repeatable.")
    var headers: [String] = []

    @Option(help: "extend (default), rebuild or push.")
    var strategy: String?

    @Option(help: "Breadcrumb screens the navigation must pass through: a,b")
    var via: String?

    func validate() throws {
        for (option, items) in [("--attr", attributes), ("--header", headers)] {
            for item in items {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    throw ValidationError("\(option) takes NAME=VALUE, not '\(item)'")
                }
            }
        }
    }

    func run() throws {
        let (config, path) = try options.load()
        let engine = Engine(config: config, configPath: path)
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.field("url", url)
        w.field("stack", split(stack))
        w.objectField("attributes") { w in
            for (name, value) in pairs(attributes) {
                w.key(name)
                if value == "true" || value == "false" {
                    w.bool(value == "true")
                } else if let number = Double(value), number.isFinite {
                    w.double(number)
                } else {
                    w.string(value)
                }
            }
        }
        w.objectField("headers") { w in
            for (name, value) in pairs(headers) { w.field(name, value) }
        }
        if let strategy { w.field("strategy", strategy) }
        w.field("via", split(via))
        w.endObject()
        let request = HTTPRequest(
            method: .post,
            path: "/v1/resolve",
            headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]),
            body: w.finish()
        )
        let response = APIResponder(engine: engine).respond(to: request)
        StandardOutput.write(response.body + [0x0A])
        if response.status != 200 { throw ExitCode(1) }
    }

    private func split(_ list: String?) -> [String] {
        (list ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
    }

    /// NAME=VALUE items split at their first `=` (``validate()`` has checked that each has one).
    private func pairs(_ items: [String]) -> [(String, String)] {
        items.compactMap { item in
            guard let equals = item.firstIndex(of: "=") else { return nil }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }
}
