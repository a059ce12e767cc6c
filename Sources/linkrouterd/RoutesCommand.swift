import ArgumentParser
import LinkNavigation
import LinkRouter
import LinkRouting

/// `linkrouterd routes`: the loaded table as text.
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "routes", abstract: "Print the route table.")

    @OptionGroup var options: ConfigOption

    func run() throws {
        let (config, _) = try options.load()
        var rows = [["NAME", "PATTERN", "TARGET", "INTERCEPTORS"]]
        for (route, binding) in zip(config.table.routes, config.config.bindings) {
            let target: String
            switch binding.target {
            case .screen(let screen, let strategy): target = screen + (strategy.map { " (\($0.rawValue))" } ?? "")
            case .redirect(let template): target = "-> " + template
            }
            let interceptors = config.config.globalInterceptors + binding.interceptors
            rows.append([route.name, route.pattern.text, target, interceptors.joined(separator: ", ")])
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            print(cells.joined(separator: "  "))
        }
    }
}
