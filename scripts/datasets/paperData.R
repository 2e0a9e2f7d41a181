# Writes the papers' own data sets that public/datasets does not already hold, for the
# reproductions in results/pins/ (results/data/README.md lists them with their provenance).
#
#   Rscript scripts/datasets/paperData.R ROOT OUT
#
# ROOT is a directory into which weka_3.6.14-3_all.deb and r-cran-kernlab_0.9-32-1_amd64.deb were
# extracted with `dpkg-deb -x` (scripts/datasets/paperData.sh does that); OUT is results/data.
# Base R only; the CSV form is tables.R's write_csv, as convert.R's.

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) stop("usage: Rscript paperData.R ROOT OUT")
root <- args[[1]]
out <- args[[2]]
weka <- file.path(root, "usr/share/doc/weka/examples")
kernlab <- file.path(root, "usr/lib/R/site-library/kernlab/data")

here <- dirname(normalizePath(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))))
source(file.path(here, "tables.R"))

# These tables never need a quoted field: write_csv stops if one would.
write_table <- function(df, name) {
  write_csv(df, file.path(out, name), quoting = FALSE)
  values <- sum(sapply(df[names(df) != "class" & names(df) != "Class"],
                       function(x) length(unique(x[!is.na(x)]))))
  cat(sprintf("%-20s %4d rows x %3d columns, %4d values (missing not counted), %4d missing cells\n",
              name, nrow(df), ncol(df), values, sum(is.na(df))))
}

# 1. Soybean (large), UCI's training file soybean-large.data: 307 rows, 35 attributes, 19 classes.
#    Weka's soybean.arff is that file followed by soybean-large.test (683 rows); its first 307 rows
#    have the training file's class counts (soybean-large.names), checked here.
soy <- read_arff(file.path(weka, "soybean.arff"))
stopifnot(nrow(soy) == 683, ncol(soy) == 36)
train <- soy[1:307, ]
counts <- table(train$class)
expected <- c("diaporthe-stem-canker" = 10, "charcoal-rot" = 10, "rhizoctonia-root-rot" = 10,
              "phytophthora-rot" = 40, "brown-stem-rot" = 20, "powdery-mildew" = 10,
              "downy-mildew" = 10, "brown-spot" = 40, "bacterial-blight" = 10,
              "bacterial-pustule" = 10, "purple-seed-stain" = 10, "anthracnose" = 20,
              "phyllosticta-leaf-spot" = 10, "alternarialeaf-spot" = 40,
              "frog-eye-leaf-spot" = 40, "diaporthe-pod-&-stem-blight" = 6, "cyst-nematode" = 6,
              "2-4-d-injury" = 1, "herbicide-injury" = 4)
stopifnot(length(counts) == 19, all(counts[names(expected)] == expected))
# The 683 rows test's 376 start with a new run of the 19 classes in the same order.
stopifnot(soy$class[308] == "diaporthe-stem-canker")
write_table(train, "soybean-large.csv")

# 2. Molecular Biology (Promoter Gene Sequences): kernlab's promotergene, 106 rows, 57 positions
#    (a, c, g, t), class + / -. Written class last, positions p1-p57 (kernlab's V2-V58).
e <- new.env()
load(file.path(kernlab, "promotergene.rda"), envir = e)
pg <- get("promotergene", envir = e)
stopifnot(nrow(pg) == 106, ncol(pg) == 58, !anyNA(pg))
promoters <- as.data.frame(lapply(pg[-1], as.character), col.names = paste0("p", 1:57))
promoters$class <- ifelse(as.character(pg$Class) == "+", "promoter", "non-promoter")
write_table(promoters, "promoters.csv")
