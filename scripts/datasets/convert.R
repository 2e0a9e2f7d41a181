# Converts the bundled real tables from Debian packages to public/datasets/*.csv.
#
#   Rscript scripts/datasets/convert.R ROOT OUT
#
# ROOT is a directory into which weka_3.6.14-3_all.deb and r-cran-mlbench_2.1-3-1_amd64.deb were
# extracted with `dpkg -x` (scripts/datasets/convert.sh does that); OUT is public/datasets. Base R
# only (no foreign package). Output: header row, comma separated, LF line ends, a field quoted only
# when it holds a comma, a double quote or surrounding spaces, missing written as an empty cell.

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) stop("usage: Rscript convert.R ROOT OUT")
root <- args[[1]]
out <- args[[2]]
weka <- file.path(root, "usr/share/doc/weka/examples")
mlbench <- file.path(root, "usr/lib/R/site-library/mlbench/data")

here <- dirname(normalizePath(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))))
source(file.path(here, "tables.R"))

write_table <- function(df, name) {
  path <- file.path(out, name)
  write_csv(df, path)
  cat(sprintf("%-28s %6d rows x %3d columns, %5d missing cells, %5d duplicate rows, %9d bytes\n",
              name, nrow(df), ncol(df), sum(is.na(df)), sum(duplicated(df)), file.size(path)))
}

load_mlbench <- function(name) {
  e <- new.env()
  load(file.path(mlbench, paste0(name, ".rda")), envir = e)
  get(name, envir = e)
}

# 1. Weka labor (UCI Labor Relations): 57 x 17, numeric mix, heavy missing.
labor <- read_arff(file.path(weka, "labor.arff"))
stopifnot(nrow(labor) == 57, ncol(labor) == 17)
write_table(labor, "labor.csv")

# 2. mlbench BreastCancer (UCI Breast Cancer Wisconsin, original): 699 x 11; the nine cytology
#    attributes are ordered factors with levels "1".."10", written as their codes; Id kept.
bc <- load_mlbench("BreastCancer")
bc[] <- lapply(bc, as.character)
stopifnot(nrow(bc) == 699, ncol(bc) == 11, sum(is.na(bc$Bare.nuclei)) == 16)
write_table(bc, "breast-cancer-wisconsin.csv")

# 3. Weka credit-g (UCI Statlog German Credit): 1000 x 21.
credit <- read_arff(file.path(weka, "credit-g.arff"))
stopifnot(nrow(credit) == 1000, ncol(credit) == 21)
write_table(credit, "credit-g.csv")

# 4. mlbench DNA (StatLog DNA, primate splice junctions): 180 binary indicators decoded back to the
#    60 nucleotide positions with the coding of ?mlbench::DNA: A = 100, C = 010, G = 001, T = 000.
dna <- load_mlbench("DNA")
stopifnot(nrow(dna) == 3186, ncol(dna) == 181)
bits <- sapply(dna[1:180], function(x) as.integer(as.character(x)))
code <- c("100" = "A", "010" = "C", "001" = "G", "000" = "T")
decoded <- as.data.frame(lapply(1:60, function(p) {
  triple <- paste0(bits[, 3 * p - 2], bits[, 3 * p - 1], bits[, 3 * p])
  bad <- !(triple %in% names(code))
  if (any(bad)) stop(sprintf("position %d: %d triples outside the coding (%s)", p, sum(bad),
                             paste(unique(triple[bad]), collapse = " ")))
  unname(code[triple])
}), col.names = paste0("p", 1:60))
decoded$Class <- as.character(dna$Class)
counts <- table(factor(unlist(decoded[1:60]), levels = c("A", "C", "G", "T")))
cat("DNA: every one of", 3186 * 60, "triples decodes;", paste(names(counts), counts, sep = "=",
    collapse = " "), "\n")
write_table(decoded, "dna.csv")

# 5. R datasets::Titanic, expanded to one row per person (2201 rows, 24 distinct).
tt <- as.data.frame(datasets::Titanic, stringsAsFactors = FALSE)
titanic <- tt[rep(seq_len(nrow(tt)), tt$Freq), c("Class", "Sex", "Age", "Survived")]
rownames(titanic) <- NULL
stopifnot(nrow(titanic) == 2201)
write_table(titanic, "titanic.csv")

# 6. Weka supermarket: 4627 x 217; 216 departments plus total low/high (the class). The ARFF
#    declares each department { t } and writes ? where the basket has nothing from it (Weka's
#    market-basket convention, read as absent by Apriori), so ? is written as f (absent) here: with
#    ? kept as missing every department column has a single value and the explorer excludes all
#    of them as constant.
supermarket <- read_arff(file.path(weka, "supermarket.arff"))
stopifnot(nrow(supermarket) == 4627, ncol(supermarket) == 217, !anyNA(supermarket$total))
departments <- setdiff(names(supermarket), "total")
stopifnot(all(unlist(supermarket[departments]) %in% c("t", NA)))
supermarket[departments] <- lapply(supermarket[departments], function(x) ifelse(is.na(x), "f", x))
write_table(supermarket, "supermarket.csv")

# 7. mlbench Satellite (UCI Statlog Landsat Satellite): 6435 x 37, 36 numeric (0-255).
sat <- load_mlbench("Satellite")
sat[] <- lapply(sat, function(x) if (is.numeric(x)) format(x, trim = TRUE, scientific = FALSE)
                else as.character(x))
stopifnot(nrow(sat) == 6435, ncol(sat) == 37)
write_table(sat, "satellite.csv")
