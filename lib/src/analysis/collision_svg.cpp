// The collision study as a hand-written SVG: one panel a truncation mode, width on x, collisions
// on a log y axis; the expected count as a line inside its Poisson 99% band, the actual counts as
// dots (red when the width fails, orange when it warns).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "zobrist_verify/analysis/collision_study.h"

namespace zobrist_verify {

namespace {

constexpr double PanelWidth = 300, PanelHeight = 260, Left = 70, Top = 50, Gap = 40;
constexpr double FloorValue = 0.1;  // zero collisions are drawn on the bottom edge

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::string xml_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

struct Scale {
  int low_bits, high_bits;
  double top_decade;  // log10 of the y axis' top
  double x0;          // the panel's left edge
  double x(double bits) const {
    return x0 + (bits - low_bits) / std::max(1, high_bits - low_bits) * PanelWidth;
  }
  double y(double count) const {
    const double decades = top_decade - std::log10(FloorValue);
    return Top + PanelHeight * (top_decade - std::log10(std::max(count, FloorValue))) / decades;
  }
};

void draw_panel(std::ostringstream& svg, const std::vector<const WidthVerdict*>& rows,
                const Scale& s, const char* mode) {
  svg << "<rect x=\"" << number(s.x0) << "\" y=\"" << Top << "\" width=\"" << PanelWidth
      << "\" height=\"" << PanelHeight << "\" fill=\"none\" stroke=\"#444\"/>\n";
  svg << "<text x=\"" << number(s.x0 + PanelWidth / 2) << "\" y=\"" << Top - 8
      << "\" text-anchor=\"middle\" font-weight=\"bold\">" << mode << "</text>\n";
  for (int decade = int(std::log10(FloorValue)); decade <= int(s.top_decade); ++decade) {
    const double y = s.y(std::pow(10.0, decade));
    svg << "<line x1=\"" << number(s.x0) << "\" x2=\"" << number(s.x0 + PanelWidth) << "\" y1=\""
        << number(y) << "\" y2=\"" << number(y) << "\" stroke=\"#ddd\"/>\n";
    if (s.x0 == Left && decade % 2 == 0)
      svg << "<text x=\"" << number(s.x0 - 6) << "\" y=\"" << number(y + 4)
          << "\" text-anchor=\"end\" font-size=\"11\">1e" << decade << "</text>\n";
  }
  for (int bits = s.low_bits; bits <= s.high_bits; bits += 4)
    svg << "<text x=\"" << number(s.x(bits)) << "\" y=\"" << number(Top + PanelHeight + 16)
        << "\" text-anchor=\"middle\" font-size=\"11\">" << bits << "</text>\n";
  if (rows.empty()) return;
  // The band: from the 0.5% to the 99.5% point of Poisson(expected), there and back.
  std::string band, line;
  for (const WidthVerdict* w : rows)
    band += number(s.x(w->bits)) + "," + number(s.y(poisson_quantile(w->expected, 0.995))) + " ";
  for (auto it = rows.rbegin(); it != rows.rend(); ++it)
    band += number(s.x((*it)->bits)) + "," + number(s.y(poisson_quantile((*it)->expected, 0.005))) +
            " ";
  for (const WidthVerdict* w : rows)
    line += number(s.x(w->bits)) + "," + number(s.y(w->expected)) + " ";
  svg << "<polygon points=\"" << band << "\" fill=\"#9ecae1\" fill-opacity=\"0.6\"/>\n";
  svg << "<polyline points=\"" << line
      << "\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\"/>\n";
  for (const WidthVerdict* w : rows) {
    const char* colour = !w->passed ? "#d62728" : w->warning ? "#ff7f0e" : "#111";
    svg << "<circle cx=\"" << number(s.x(w->bits)) << "\" cy=\"" << number(s.y(double(w->actual)))
        << "\" r=\"3\" fill=\"" << colour << "\"><title>" << mode << " " << w->bits
        << " bits: actual " << w->actual << ", expected " << number(w->expected)
        << "</title></circle>\n";
  }
}

}  // namespace

std::string collision_svg(const CollisionStudy& study, std::string_view title) {
  int low = 64, high = 0;
  double largest = 1;
  for (const WidthVerdict& w : study.widths) {
    low = std::min(low, w.bits);
    high = std::max(high, w.bits);
    largest = std::max({largest, w.expected, double(w.actual)});
  }
  const double top_decade = std::ceil(std::log10(largest * 1.5));
  const double width = Left + 3 * PanelWidth + 2 * Gap + 20;
  const double height = Top + PanelHeight + 90;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << Left << "\" y=\"20\" font-size=\"14\">" << xml_text(title) << ": "
      << study.positions << " positions, collisions (n - distinct) per width</text>\n";
  for (int panel = 0; panel < 3; ++panel) {
    const TruncationMode mode = EveryTruncationMode[panel];
    std::vector<const WidthVerdict*> rows;
    for (const WidthVerdict& w : study.widths)
      if (w.mode == mode) rows.push_back(&w);
    const Scale scale{low, high, top_decade, Left + panel * (PanelWidth + Gap)};
    draw_panel(svg, rows, scale, to_string(mode));
  }
  const double legend_y = Top + PanelHeight + 40;
  svg << "<text x=\"" << number(Left + PanelWidth * 1.5 + Gap) << "\" y=\"" << number(legend_y - 8)
      << "\" text-anchor=\"middle\">truncation width (bits)</text>\n"
      << "<line x1=\"" << Left << "\" x2=\"" << Left + 24 << "\" y1=\"" << legend_y + 20
      << "\" y2=\"" << legend_y + 20 << "\" stroke=\"#08519c\" stroke-width=\"1.5\"/>\n"
      << "<text x=\"" << Left + 30 << "\" y=\"" << legend_y + 24
      << "\">expected (SMHasher3 estimator)</text>\n"
      << "<rect x=\"" << Left + 240 << "\" y=\"" << legend_y + 14
      << "\" width=\"24\" height=\"12\" fill=\"#9ecae1\"/>\n"
      << "<text x=\"" << Left + 270 << "\" y=\"" << legend_y + 24 << "\">Poisson 99% band</text>\n"
      << "<circle cx=\"" << Left + 420 << "\" cy=\"" << legend_y + 20
      << "\" r=\"3\" fill=\"#111\"/>\n"
      << "<text x=\"" << Left + 430 << "\" y=\"" << legend_y + 24
      << "\">actual (red: fails, orange: warns; zero drawn at 0.1)</text>\n"
      << "</svg>\n";
  return svg.str();
}

}  // namespace zobrist_verify
