# Helpers shared by convert.R and paperData.R (base R only): reading a dense ARFF file and writing
# a table as this project's CSV files are written.
#
#   here <- dirname(normalizePath(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))))
#   source(file.path(here, "tables.R"))

# A dense ARFF file as a data frame of text (values exactly as written; ? = NA).
read_arff <- function(path) {
  lines <- readLines(path, warn = FALSE)
  lines <- sub("^\\s+", "", lines)
  body <- lines[lines != "" & !startsWith(lines, "%")]
  at <- grep("^@attribute", body, ignore.case = TRUE)
  data_at <- grep("^@data", body, ignore.case = TRUE)
  decl <- sub("^@attribute\\s+", "", body[at], ignore.case = TRUE)
  names <- ifelse(startsWith(decl, "'"), sub("^'([^']*)'.*$", "\\1", decl),
                  sub("^(\\S+).*$", "\\1", decl))
  rows <- body[(data_at + 1):length(body)]
  df <- read.table(text = rows, sep = ",", quote = "'", na.strings = "?",
                   colClasses = "character", strip.white = TRUE, comment.char = "",
                   col.names = names, check.names = FALSE)
  stopifnot(ncol(df) == length(names))
  df
}

# Writes df to `path`: header row, comma separated, LF line ends, a field quoted only when it holds
# a comma, a double quote, a line break or surrounding spaces, missing written as an empty cell.
# `quoting = FALSE` stops instead of quoting (for tables that must never need it).
write_csv <- function(df, path, quoting = TRUE) {
  field <- function(x) {
    x <- as.character(x)
    bad <- !is.na(x) & grepl('[,"\r\n]|^ | $', x)
    if (!quoting) stopifnot(!any(bad))
    x[bad] <- paste0('"', gsub('"', '""', x[bad], fixed = TRUE), '"')
    x[is.na(x)] <- ""
    x
  }
  lines <- c(paste(field(names(df)), collapse = ","), do.call(paste, c(lapply(df, field), sep = ",")))
  con <- file(path, "wb")
  writeLines(lines, con, sep = "\n")
  close(con)
}
