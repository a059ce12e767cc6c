import ArgumentParser
import LinkNavigation
import LinkRouter
import LinkRouting

/// `linkrouterd check FILE`: validates a route table; exit 1 on errors.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a route table and print every problem as FILE:LINE:COLUMN: error: CODE: message."
    )

    @Argument(help: "The route table to check.")
    var file: String

    func run() throws {
        do {
            let loaded = try ConfigLoader.load(path: file)
            for warning in loaded.warnings { print(warning) }
            print(
                "\(file): ok, \(loaded.table.routes.count) routes, \(loaded.graph.ordered.count) screens, "
                    + "\(loaded.warnings.count) warning(s)"
            )
        } catch {
            for diagnostic in error.diagnostics { print(diagnostic) }
            print("\(file): \(error.errors.count) error(s), \(error.diagnostics.count - error.errors.count) warning(s)")
            throw ExitCode(1)
        }
    }
}
